/**
 * When a failed delivery is tried again: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h after each failure
 * (about 21 hours in all), each stretched or shortened by up to a tenth at random so that the
 * deliveries of an outage do not all come back in the same second. After the last, it has failed.
 */
export const retryDelaysSeconds = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600, 12 * 3600] as const;

/** Attempts in all: the first and one per delay. */
export const maxDeliveryAttempts = retryDelaysSeconds.length + 1;

const jitterShare = 0.1;

/**
 * When to try again after `attempts` failed attempts, or null when none is left.
 * @param random in [0, 1); a test passes a fixed one
 */
export const nextAttemptAfter = (attempts: number, now: Date, random: number = Math.random()): Date | null => {
  const delay = retryDelaysSeconds[attempts - 1];
  if (delay === undefined) return null;
  const jittered = delay * (1 + jitterShare * (2 * random - 1));
  return new Date(now.getTime() + Math.round(jittered * 1000));
};
