// The player's rules as plain functions, so they are tested without a browser: where a seek may
// land, how far someone has watched, which slide is showing, and when the quiz opens.

/** How far past the furthest watched point a seek may land: the server's own tolerance for "watched to the end". */
export const endToleranceSeconds = 2;

/**
 * The longest step between two playback reports that still counts as watching (not a jump): time
 * updates come about four times a second, so 2 s leaves room for 2× speed and a busy machine.
 */
export const playbackStepSeconds = 2;

/** The playback speeds on offer. */
export const playbackRates = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** How often progress is saved while the video plays. */
export const saveEveryMs = 10_000;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Where a seek to `target` lands. Never before 0 or past the end; with `noSkipAhead`, never past the
 * furthest point watched. `snapped` says the rule moved it, so the player can say why.
 */
export const clampSeek = (
  target: number,
  { furthest, duration, noSkipAhead }: { furthest: number; duration: number; noSkipAhead: boolean },
): { time: number; snapped: boolean } => {
  const end = duration > 0 ? duration : Math.max(target, 0);
  const inRange = clamp(Number.isFinite(target) ? target : 0, 0, end);
  if (!noSkipAhead || inRange <= furthest) return { time: inRange, snapped: false };
  return { time: clamp(furthest, 0, end), snapped: true };
};

/**
 * The furthest point watched after playback moved from `previous` to `current`: only a short step
 * forward counts (a jump is a seek, not watching).
 */
export const advanceFurthest = (furthest: number, previous: number, current: number) => {
  const step = current - previous;
  return step >= 0 && step <= playbackStepSeconds && current > furthest ? current : furthest;
};

/** Whether the video counts as watched to its end (as the server counts it). */
export const watchedToEnd = (watched: number, duration: number) => duration > 0 && watched >= duration - endToleranceSeconds;

/** The index of the slide showing at `time`: the last one that has started (the first before any). */
export const currentSlideIndex = (slides: readonly { startSeconds: number }[], time: number) => {
  let index = 0;
  slides.forEach((slide, i) => {
    if (slide.startSeconds <= time) index = i;
  });
  return slides.length === 0 ? -1 : index;
};

/**
 * Whether the quiz may be taken now: when the organisation lets people test out, when skipping is
 * allowed anyway (the video's end is one seek away), or once the video was watched to its end.
 */
export const quizUnlocked = ({ noSkipAhead, testOutAllowed, watched, duration }: { noSkipAhead: boolean; testOutAllowed: boolean; watched: number; duration: number }) =>
  testOutAllowed || !noSkipAhead || watchedToEnd(watched, duration);

/** Where the player starts: the saved point, or the beginning when it was watched to the end (watching again). */
export const resumePoint = (watched: number, duration: number) => (watched > 0 && !watchedToEnd(watched, duration) ? watched : 0);

/** Seconds as a clock reads them: 0:07, 3:42, 1:02:05. */
export const formatClock = (seconds: number) => {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

/** Watched as a whole percentage of the duration, 0–100. */
export const watchedPercent = (watched: number, duration: number) => (duration > 0 ? clamp(Math.floor((watched / duration) * 100), 0, 100) : 0);
