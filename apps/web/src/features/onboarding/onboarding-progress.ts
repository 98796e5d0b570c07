import { createContext, useContext } from 'react';

/**
 * Called after a step's flag may have changed. The page that mounts the wizard refreshes whatever
 * else reads the flags (the shell's onboarding guard), which this feature does not own.
 */
export const OnboardingProgressContext = createContext<() => Promise<void>>(async () => undefined);

export const useOnboardingProgress = () => useContext(OnboardingProgressContext);
