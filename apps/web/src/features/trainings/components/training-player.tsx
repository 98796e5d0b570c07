import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { TrainingLanguage, TrainingMedia } from '@vigil/contracts';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { learningLanguageOptions } from '../../../lib/languages';
import { advanceFurthest, clampSeek, currentSlideIndex, formatClock, playbackRates, resumePoint, saveEveryMs } from '../model/player-rules';
import { Transcript, type TranscriptSlide } from './transcript';

export type PlayerSlide = TranscriptSlide & { endSeconds: number };

/** Why the player reports progress: the server keeps the furthest point, so every report is safe to repeat. */
export type ProgressReason = 'interval' | 'pause' | 'ended' | 'hidden';

type TrainingPlayerProps = {
  title: string;
  /** The lesson's language: its captions are on by default. */
  language: TrainingLanguage;
  media: TrainingMedia;
  slides: readonly PlayerSlide[];
  /** No seeking past the furthest point watched. */
  noSkipAhead: boolean;
  /** The furthest point watched so far (from the server, so it follows the person across devices). */
  initialWatched?: number;
  /** Called every ~10 s of playback, on pause, at the end and when the page is hidden. Optional, so a preview reports nothing. */
  onProgress?: (furthest: number, reason: ProgressReason) => void;
  /** Called whenever the furthest point watched moves. */
  onWatchedChange?: (furthest: number) => void;
};

const languageLabel = (code: string) => learningLanguageOptions.find((option) => option.value === code);

/** Shows the caption track of `language` (a track's language is its srclang) and hides the others; none for 'off'. */
const showCaptions = (video: HTMLVideoElement, language: string) => {
  const tracks = video.textTracks as TextTrackList | undefined;
  if (!tracks) return;
  const wanted = language === 'off' ? null : (languageLabel(language)?.lang ?? language);
  for (let index = 0; index < tracks.length; index += 1) {
    const track = tracks[index];
    if (track) track.mode = track.language === wanted ? 'showing' : 'hidden';
  }
};

// Keys that belong to the focused control itself (a button's Space, a slider's arrows, a menu's letters).
const ownsKeys = (target: EventTarget) =>
  target instanceof HTMLElement && (target.closest('button, input, select, textarea, [role="slider"], [role="combobox"], [role="listbox"]') !== null || target.isContentEditable);

/**
 * An accessible lesson player: the HTML5 video with its poster and a caption track per language
 * (the lesson's language on by default), labelled controls (play, back and forward, a position
 * slider, speed 0.75–2×, captions, mute, full screen), keyboard control while the video has focus
 * (Space/K, ←/→, F, C), and the transcript beside it. With `noSkipAhead`, any seek past the furthest
 * point watched snaps back to it, and says so politely.
 */
export const TrainingPlayer = ({ title, language, media, slides, noSkipAhead, initialWatched = 0, onProgress, onWatchedChange }: TrainingPlayerProps) => {
  const { t } = useTranslation();
  const keysId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const furthestRef = useRef(initialWatched);
  const lastTimeRef = useRef(0);
  const lastReportedRef = useRef(initialWatched);

  const [duration, setDuration] = useState(media.durationSeconds);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState(1);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const hasOwnCaptions = media.captions.some((track) => track.language === language);
  const [captions, setCaptions] = useState<string>(hasOwnCaptions ? language : (media.captions[0]?.language ?? 'off'));
  const lastCaptionsRef = useRef(captions === 'off' ? (media.captions[0]?.language ?? 'off') : captions);
  const [notice, setNotice] = useState<string | null>(null);

  // The latest callbacks, read by listeners that are set up once.
  const onProgressRef = useRef(onProgress);
  const onWatchedChangeRef = useRef(onWatchedChange);
  useEffect(() => {
    onProgressRef.current = onProgress;
    onWatchedChangeRef.current = onWatchedChange;
  });

  const report = useCallback((reason: ProgressReason) => {
    const value = furthestRef.current;
    // A pause or the page closing always reports (cheap, and the server keeps the maximum); the
    // interval only when something new was watched.
    if (reason === 'interval' && value <= lastReportedRef.current) return;
    lastReportedRef.current = Math.max(lastReportedRef.current, value);
    onProgressRef.current?.(value, reason);
  }, []);

  const moveFurthest = useCallback((value: number) => {
    if (value <= furthestRef.current) return;
    furthestRef.current = value;
    onWatchedChangeRef.current?.(value);
  }, []);

  const seekTo = useCallback(
    (target: number) => {
      const video = videoRef.current;
      if (!video) return;
      const landing = clampSeek(target, { furthest: furthestRef.current, duration, noSkipAhead });
      lastTimeRef.current = landing.time;
      video.currentTime = landing.time;
      setTime(landing.time);
      setNotice(landing.snapped ? t('trainings.player.snapped', { time: formatClock(landing.time) }) : null);
    },
    [duration, noSkipAhead, t],
  );

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play()?.catch(() => undefined);
    else video.pause();
  }, []);

  const toggleFullscreen = useCallback(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void wrapper.requestFullscreen?.()?.catch(() => undefined);
  }, []);

  const toggleCaptions = useCallback(() => {
    setCaptions((shown) => (shown === 'off' ? lastCaptionsRef.current : 'off'));
  }, []);

  // The chosen caption track shows; the others stay loaded but hidden.
  useEffect(() => {
    if (captions !== 'off') lastCaptionsRef.current = captions;
    if (videoRef.current) showCaptions(videoRef.current, captions);
  }, [captions]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.playbackRate = rate;
  }, [rate]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  // Progress while playing: every ~10 s.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => report('interval'), saveEveryMs);
    return () => window.clearInterval(timer);
  }, [playing, report]);

  // The page being hidden (another tab, the phone locked, the page closing) is the last safe moment.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') report('hidden');
    };
    const onPageHide = () => report('hidden');
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [report]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === wrapperRef.current && wrapperRef.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const onLoadedMetadata = () => {
    const video = videoRef.current;
    if (!video) return;
    const length = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : media.durationSeconds;
    setDuration(length);
    const start = resumePoint(furthestRef.current, length);
    lastTimeRef.current = start;
    video.currentTime = start;
    setTime(start);
  };

  const onTimeUpdate = () => {
    const video = videoRef.current;
    if (!video) return;
    const now = video.currentTime;
    if (!video.seeking) moveFurthest(advanceFurthest(furthestRef.current, lastTimeRef.current, now));
    lastTimeRef.current = now;
    setTime(now);
  };

  // Seeks the native way too (a media key, the browser's own menu): the rule holds for them all.
  const onSeeking = () => {
    const video = videoRef.current;
    if (!video) return;
    const landing = clampSeek(video.currentTime, { furthest: furthestRef.current, duration, noSkipAhead });
    if (landing.snapped) {
      video.currentTime = landing.time;
      setNotice(t('trainings.player.snapped', { time: formatClock(landing.time) }));
    }
    lastTimeRef.current = landing.time;
    setTime(landing.time);
  };

  const onEnded = () => {
    // Reaching the end by playing counts as watching it all (a snapped seek never gets here).
    moveFurthest(duration);
    setPlaying(false);
    setNotice(t('trainings.player.ended'));
    report('ended');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    const video = videoRef.current;
    if (!video) return;
    const controlKeys = key === ' ' || key === 'arrowleft' || key === 'arrowright';
    if (controlKeys && ownsKeys(event.target)) return;
    if (!controlKeys && event.target instanceof HTMLElement && event.target.closest('input, textarea, [role="combobox"], [role="listbox"]')) return;
    const actions: Record<string, () => void> = {
      ' ': togglePlay,
      k: togglePlay,
      arrowleft: () => seekTo(video.currentTime - 5),
      arrowright: () => seekTo(video.currentTime + 5),
      f: toggleFullscreen,
      c: toggleCaptions,
    };
    const action = actions[key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const current = currentSlideIndex(slides, time);
  const clock = t('trainings.player.time', { current: formatClock(time), total: formatClock(duration) });

  return (
    <Box
      ref={wrapperRef}
      role="region"
      aria-label={t('trainings.player.region', { title })}
      onKeyDown={onKeyDown}
      data-testid="training-player"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' },
        bgcolor: fullscreen ? 'background.paper' : undefined,
        p: fullscreen ? 2 : 0,
      }}
    >
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <Box
          component="video"
          ref={videoRef}
          src={media.videoUrl}
          poster={media.posterUrl ?? undefined}
          preload="metadata"
          playsInline
          tabIndex={0}
          aria-label={t('trainings.player.video', { title })}
          aria-describedby={keysId}
          onClick={togglePlay}
          onLoadedMetadata={onLoadedMetadata}
          onTimeUpdate={onTimeUpdate}
          onSeeking={onSeeking}
          onPlay={() => {
            setPlaying(true);
            setNotice(null);
          }}
          onPause={() => {
            setPlaying(false);
            report('pause');
          }}
          onEnded={onEnded}
          data-testid="training-video"
          sx={{ width: '100%', aspectRatio: '16 / 9', bgcolor: 'common.black', borderRadius: 1, display: 'block', '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {media.captions.map((track) => (
            <track
              key={track.language}
              kind="captions"
              src={track.url}
              srcLang={languageLabel(track.language)?.lang ?? track.language}
              label={languageLabel(track.language)?.label ?? track.language}
              default={track.language === captions}
            />
          ))}
        </Box>
        <Typography id={keysId} sx={visuallyHidden}>
          {t('trainings.player.keys')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', px: 1 }}>
          <Slider
            size="small"
            min={0}
            max={Math.max(duration, 0.1)}
            step={1}
            value={Math.min(time, duration)}
            onChange={(_event, value) => seekTo(Array.isArray(value) ? (value[0] ?? 0) : value)}
            aria-label={t('trainings.player.seek')}
            getAriaValueText={(value) => t('trainings.player.time', { current: formatClock(value), total: formatClock(duration) })}
            data-testid="training-seek"
          />
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="training-clock">
            {clock}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button variant="contained" onClick={togglePlay} data-testid="training-play">
            {playing ? t('trainings.player.pause') : t('trainings.player.play')}
          </Button>
          <Button onClick={() => seekTo(time - 10)}>{t('trainings.player.back')}</Button>
          <Button onClick={() => seekTo(time + 10)} data-testid="training-forward">
            {t('trainings.player.forward')}
          </Button>
          <TextField
            select
            size="small"
            label={t('trainings.player.speed')}
            value={String(rate)}
            onChange={(event) => setRate(Number(event.target.value))}
            sx={{ minWidth: 96 }}
          >
            {playbackRates.map((value) => (
              <MenuItem key={value} value={String(value)}>
                {t('trainings.player.speedValue', { rate: value })}
              </MenuItem>
            ))}
          </TextField>
          {media.captions.length > 0 ? (
            <TextField
              select
              size="small"
              label={t('trainings.player.captions')}
              value={captions}
              onChange={(event) => setCaptions(event.target.value)}
              sx={{ minWidth: 140 }}
              data-testid="training-captions"
            >
              <MenuItem value="off">{t('trainings.player.captionsOff')}</MenuItem>
              {media.captions.map((track) => (
                <MenuItem key={track.language} value={track.language} lang={languageLabel(track.language)?.lang}>
                  {languageLabel(track.language)?.label ?? track.language}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <Button onClick={() => setMuted((value) => !value)} aria-pressed={muted}>
            {t('trainings.player.mute')}
          </Button>
          <Button onClick={toggleFullscreen} aria-pressed={fullscreen}>
            {t('trainings.player.fullscreen')}
          </Button>
        </Stack>
        <Box role="status" aria-live="polite" data-testid="training-notice">
          {notice ? <Alert severity="info">{notice}</Alert> : null}
        </Box>
      </Stack>
      <Transcript slides={slides} current={current} onJump={seekTo} lang={languageLabel(language)?.lang} />
    </Box>
  );
};
