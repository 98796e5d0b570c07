import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { buildLesson, renderSignedIn } from '../testing';
import { TrainingPlayer, type ProgressReason } from './training-player';

const lesson = buildLesson();

const mount = (props: { noSkipAhead: boolean; initialWatched?: number; onProgress?: (seconds: number, reason: ProgressReason) => void }) => {
  const Page = () => <TrainingPlayer title="Spotting a phishing email" language="en_us" media={lesson.media} slides={lesson.slides} {...props} />;
  renderSignedIn([{ path: '/player/', Component: Page }], '/player/');
  return screen.getByTestId<HTMLVideoElement>('training-video');
};

/** Plays from where the video is to `to`, in the quarter-second steps a browser reports. */
const playTo = (video: HTMLVideoElement, to: number) => {
  for (let at = video.currentTime + 0.25; at <= to; at += 0.25) {
    video.currentTime = at;
    fireEvent.timeUpdate(video);
  }
};

describe('TrainingPlayer', () => {
  beforeEach(() => {
    // jsdom has no media playback: playing and pausing only fire their events.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('has the poster, a caption track per language with the lesson’s own on, and labelled controls', async () => {
    const video = mount({ noSkipAhead: true });
    expect(await screen.findByRole('region', { name: 'Video player: Spotting a phishing email' })).toBeVisible();
    expect(video).toHaveAttribute('poster', lesson.media.posterUrl);
    expect(video).toHaveAccessibleName('Video: Spotting a phishing email');
    const tracks = [...video.querySelectorAll('track')];
    expect(tracks.map((track) => [track.kind, track.srclang, track.label, track.default])).toEqual([
      ['captions', 'en', 'English', true],
      ['captions', 'de', 'Deutsch', false],
    ]);
    for (const name of ['Play', 'Back 10 seconds', 'Forward 10 seconds', 'Mute', 'Full screen']) expect(screen.getByRole('button', { name })).toBeVisible();
    expect(screen.getByRole('slider', { name: 'Position in the video' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Speed' })).toHaveTextContent('1×');
    expect(screen.getByRole('combobox', { name: 'Captions' })).toHaveTextContent('English');
  });

  it('resumes from the saved point', () => {
    const video = mount({ noSkipAhead: true, initialWatched: 42 });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(42);
    expect(screen.getByTestId('training-clock')).toHaveTextContent('0:42 of 2:00');
  });

  it('snaps a seek past the furthest point watched back to it, and says why', () => {
    const video = mount({ noSkipAhead: true, initialWatched: 30 });
    fireEvent.loadedMetadata(video);
    playTo(video, 35);
    // The browser's own seek (a media key, its menu) is held to the rule too.
    video.currentTime = 90;
    fireEvent.seeking(video);
    expect(video.currentTime).toBe(35);
    expect(screen.getByRole('status')).toHaveTextContent('Skipping ahead is turned off for this training, so the video stays at 0:35, the furthest point you have watched.');

    // Our forward button and the arrow key are held to it as well; going back is fine.
    fireEvent.click(screen.getByRole('button', { name: 'Back 10 seconds' }));
    expect(video.currentTime).toBe(25);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    fireEvent.keyDown(video, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(30);
    fireEvent.click(screen.getByRole('button', { name: 'Forward 10 seconds' }));
    expect(video.currentTime).toBe(35);
    expect(screen.getByRole('status')).toHaveTextContent('the furthest point you have watched');
    // Playing on clears the message.
    fireEvent.play(video);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('lets any seek land when skipping ahead is allowed', () => {
    const video = mount({ noSkipAhead: false });
    fireEvent.loadedMetadata(video);
    video.currentTime = 90;
    fireEvent.seeking(video);
    expect(video.currentTime).toBe(90);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('jumps to a slide from the transcript and marks the slide showing', () => {
    const video = mount({ noSkipAhead: false });
    fireEvent.loadedMetadata(video);
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    const entries = within(transcript).getAllByTestId('transcript-entry');
    expect(entries[0]).toHaveAttribute('aria-current', 'true');

    fireEvent.click(within(transcript).getByRole('button', { name: '0:40 Check the sender' }));
    expect(video.currentTime).toBe(40);
    expect(entries[1]).toHaveAttribute('aria-current', 'true');
    expect(entries[0]).not.toHaveAttribute('aria-current');
    expect(entries[1]).toHaveTextContent('Look at the address, not only the name.');
  });

  it('keeps a transcript jump ahead within what was watched when skipping is off', () => {
    const video = mount({ noSkipAhead: true, initialWatched: 10 });
    fireEvent.loadedMetadata(video);
    fireEvent.click(screen.getByRole('button', { name: '1:20 Report it' }));
    expect(video.currentTime).toBe(10);
    expect(screen.getByRole('status')).toHaveTextContent('stays at 0:10');
  });

  it('plays and pauses with Space and K, and toggles captions with C', () => {
    const video = mount({ noSkipAhead: true });
    fireEvent.keyDown(video, { key: ' ' });
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('training-play')).toHaveTextContent('Pause');
    // jsdom's video stays "paused" whatever play() does, so K asks to play once more.
    fireEvent.keyDown(video, { key: 'k' });
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(2);

    fireEvent.keyDown(video, { key: 'c' });
    expect(screen.getByRole('combobox', { name: 'Captions' })).toHaveTextContent('Off');
    fireEvent.keyDown(video, { key: 'C' });
    expect(screen.getByRole('combobox', { name: 'Captions' })).toHaveTextContent('English');
  });

  it('reports the furthest point on pause, at the end and when the page is hidden', () => {
    const onProgress = vi.fn();
    const video = mount({ noSkipAhead: true, onProgress });
    fireEvent.loadedMetadata(video);
    playTo(video, 12);
    fireEvent.pause(video);
    expect(onProgress).toHaveBeenLastCalledWith(12, 'pause');

    window.dispatchEvent(new Event('pagehide'));
    expect(onProgress).toHaveBeenLastCalledWith(12, 'hidden');

    fireEvent.ended(video);
    expect(onProgress).toHaveBeenLastCalledWith(120, 'ended');
    expect(screen.getByRole('status')).toHaveTextContent('You have watched the video to the end.');
  });

  it('reports every ~10 s while playing', () => {
    vi.useFakeTimers();
    try {
      const onProgress = vi.fn();
      const video = mount({ noSkipAhead: true, onProgress });
      fireEvent.loadedMetadata(video);
      fireEvent.play(video);
      playTo(video, 5);
      vi.advanceTimersByTime(10_000);
      expect(onProgress).toHaveBeenCalledWith(5, 'interval');
      // Nothing new watched: no report.
      vi.advanceTimersByTime(10_000);
      expect(onProgress).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
