// Binds a single sign-on to the browser that started it (as OAuth's state does): the return
// address carries a random value this tab keeps, and the landing page exchanges a code only when
// they match. Someone else's code, sent in a link, cannot sign this browser in as them.
const key = 'vigil.sso.state';

/** A new value for a sign-in this tab starts, kept in this tab only. */
export const rememberSsoState = () => {
  const state = crypto.randomUUID();
  sessionStorage.setItem(key, state);
  return state;
};

/** Whether the value that came back is the one this tab started with; it is used up either way. */
export const isOwnSsoState = (state: string | null) => {
  const kept = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  return Boolean(state && kept && state === kept);
};
