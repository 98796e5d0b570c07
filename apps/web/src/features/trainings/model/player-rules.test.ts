// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { advanceFurthest, clampSeek, currentSlideIndex, formatClock, quizUnlocked, resumePoint, watchedPercent, watchedToEnd } from './player-rules';

describe('clampSeek', () => {
  const rules = { furthest: 40, duration: 120, noSkipAhead: true };

  it('lets a seek back, or up to the furthest point watched, land where asked', () => {
    expect(clampSeek(10, rules)).toEqual({ time: 10, snapped: false });
    expect(clampSeek(40, rules)).toEqual({ time: 40, snapped: false });
  });

  it('snaps a seek past the furthest point back to it when skipping ahead is not allowed', () => {
    expect(clampSeek(90, rules)).toEqual({ time: 40, snapped: true });
    expect(clampSeek(40.5, rules)).toEqual({ time: 40, snapped: true });
  });

  it('lets any seek within the video land when skipping ahead is allowed', () => {
    expect(clampSeek(90, { ...rules, noSkipAhead: false })).toEqual({ time: 90, snapped: false });
  });

  it('keeps every seek inside the video', () => {
    expect(clampSeek(-5, rules)).toEqual({ time: 0, snapped: false });
    expect(clampSeek(500, { ...rules, noSkipAhead: false })).toEqual({ time: 120, snapped: false });
    expect(clampSeek(Number.NaN, rules)).toEqual({ time: 0, snapped: false });
  });
});

describe('advanceFurthest', () => {
  it('moves with playback, a short step at a time', () => {
    expect(advanceFurthest(10, 10, 10.25)).toBe(10.25);
    expect(advanceFurthest(10, 10, 11.9)).toBe(11.9);
  });

  it('does not move on a jump forward, a step back or replaying what was watched', () => {
    expect(advanceFurthest(10, 10, 30)).toBe(10);
    expect(advanceFurthest(10, 10, 8)).toBe(10);
    expect(advanceFurthest(10, 4, 4.25)).toBe(10);
  });
});

describe('currentSlideIndex', () => {
  const slides = [{ startSeconds: 0 }, { startSeconds: 12.5 }, { startSeconds: 30 }];

  it('finds the slide that has started last', () => {
    expect(currentSlideIndex(slides, 0)).toBe(0);
    expect(currentSlideIndex(slides, 12.4)).toBe(0);
    expect(currentSlideIndex(slides, 12.5)).toBe(1);
    expect(currentSlideIndex(slides, 99)).toBe(2);
  });

  it('has none without slides', () => {
    expect(currentSlideIndex([], 3)).toBe(-1);
  });
});

describe('the quiz and the end of the video', () => {
  it('counts the video as watched within 2 s of its end, as the server does', () => {
    expect(watchedToEnd(118, 120)).toBe(true);
    expect(watchedToEnd(117.9, 120)).toBe(false);
    expect(watchedToEnd(0, 0)).toBe(false);
  });

  it('opens the quiz after the end, at once when testing out is allowed, and whenever skipping is', () => {
    const base = { noSkipAhead: true, testOutAllowed: false, watched: 60, duration: 120 };
    expect(quizUnlocked(base)).toBe(false);
    expect(quizUnlocked({ ...base, watched: 119 })).toBe(true);
    expect(quizUnlocked({ ...base, testOutAllowed: true })).toBe(true);
    expect(quizUnlocked({ ...base, noSkipAhead: false })).toBe(true);
  });

  it('resumes from the saved point, and from the start once the video was watched through', () => {
    expect(resumePoint(42, 120)).toBe(42);
    expect(resumePoint(0, 120)).toBe(0);
    expect(resumePoint(119.5, 120)).toBe(0);
  });
});

describe('formatting', () => {
  it('reads seconds as a clock', () => {
    expect(formatClock(7)).toBe('0:07');
    expect(formatClock(222.9)).toBe('3:42');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });

  it('gives the watched share in whole percent', () => {
    expect(watchedPercent(30, 120)).toBe(25);
    expect(watchedPercent(130, 120)).toBe(100);
    expect(watchedPercent(5, 0)).toBe(0);
  });
});
