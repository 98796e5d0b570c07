// Spec §4: when the profile cannot be loaded, its message is kept for the /error/ page, which
// renders after the sign-out. Session storage: it belongs to this tab only and dies with it.
const profileErrorKey = 'vigil.profileError';

export const storeProfileError = (message: string) => {
  try {
    sessionStorage.setItem(profileErrorKey, message);
  } catch {
    // Storage can be disabled; the error page then shows its general text only.
  }
};

export const readProfileError = (): string | null => {
  try {
    return sessionStorage.getItem(profileErrorKey);
  } catch {
    return null;
  }
};

export const clearProfileError = () => {
  try {
    sessionStorage.removeItem(profileErrorKey);
  } catch {
    // Nothing stored, nothing to clear.
  }
};

// Navigation state for /error/ asking it to end the session once it is shown. Signing out before
// leaving the signed-in page would let that page's session guard redirect to /login/ first.
type SignOutState = { signOut: true };

export const signOutOnArrival: SignOutState = { signOut: true };

export const asksToSignOut = (state: unknown): state is SignOutState =>
  typeof state === 'object' && state !== null && 'signOut' in state && state.signOut === true;
