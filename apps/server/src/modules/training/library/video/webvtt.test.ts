import { describe, expect, it } from 'vitest';
import { formatVttTime, parseVtt, writeVtt } from './webvtt.ts';

describe('WebVTT', () => {
  it('writes times as hh:mm:ss.ttt', () => {
    expect(formatVttTime(0)).toBe('00:00:00.000');
    expect(formatVttTime(3725.5)).toBe('01:02:05.500');
    expect(formatVttTime(59.9996)).toBe('00:01:00.000');
  });

  it('writes numbered cues that read back the same, markup characters escaped', () => {
    const cues = [
      { start: 0.4, end: 3.85, text: 'You’re expecting a delivery,\nand a text arrives.' },
      { start: 3.85, end: 9.284, text: 'Type <b> & --> never breaks a cue' },
    ];
    const file = writeVtt(cues);
    expect(file).toBe(
      'WEBVTT\n\n1\n00:00:00.400 --> 00:00:03.850\nYou’re expecting a delivery,\nand a text arrives.\n\n2\n00:00:03.850 --> 00:00:09.284\nType &lt;b&gt; &amp; --&gt; never breaks a cue\n',
    );
    expect(parseVtt(file)).toEqual(cues);
  });

  it('refuses what is not WebVTT', () => {
    expect(() => parseVtt('1\n00:00:00.000 --> 00:00:01.000\nHi\n')).toThrow(/starts with the line WEBVTT/);
    expect(() => parseVtt('WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nHi\n')).toThrow(/ends before it starts/);
    expect(() => parseVtt('WEBVTT\n\n1\n00:00:0.000 --> 00:00:01.000\nHi\n')).toThrow(/not a WebVTT time/);
    expect(() => parseVtt('WEBVTT\n\nHello\nthere\n')).toThrow(/no timing line/);
  });

  it('reads notes, settings and hours-free times', () => {
    expect(parseVtt('WEBVTT - captions\n\nNOTE made by hand\n\n00:01.000 --> 00:02.500 line:0\nHi\n')).toEqual([{ start: 1, end: 2.5, text: 'Hi' }]);
  });
});
