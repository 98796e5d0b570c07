import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { formatClock } from '../model/player-rules';

export type TranscriptSlide = { heading: string; narration: string; startSeconds: number };

type TranscriptProps = {
  slides: readonly TranscriptSlide[];
  /** The slide showing now (highlighted and kept in view), -1 for none. */
  current: number;
  onJump: (seconds: number) => void;
  lang?: string;
};

/**
 * The lesson's narration, slide by slide, each with the time it starts. A slide's time and heading
 * are a button that takes the video there (named by what it shows, so speech control finds it); the slide showing now is marked (aria-current) and kept in view inside
 * the panel, scrolling smoothly unless the person asked for less motion.
 */
export const Transcript = ({ slides, current, onJump, lang }: TranscriptProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  useEffect(() => {
    const list = listRef.current;
    const item = list?.children[current] as HTMLElement | undefined;
    if (!list || !item || typeof list.scrollTo !== 'function') return;
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTo({ top, behavior: reduceMotion ? 'auto' : 'smooth' });
    }
  }, [current, reduceMotion]);

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="transcript" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {t('trainings.player.transcript')}
      </Typography>
      <Box
        component="ol"
        ref={listRef}
        lang={lang}
        tabIndex={0}
        aria-labelledby={headingId}
        sx={{ listStyle: 'none', m: 0, p: 0, overflowY: 'auto', maxHeight: { xs: 280, md: 420 }, position: 'relative' }}
      >
        {slides.map((slide, index) => {
          const isCurrent = index === current;
          return (
            <Box
              component="li"
              key={`${slide.startSeconds}-${index}`}
              aria-current={isCurrent ? 'true' : undefined}
              data-testid="transcript-entry"
              sx={{
                p: 1.5,
                borderInlineStart: 4,
                borderColor: isCurrent ? 'primary.main' : 'transparent',
                bgcolor: isCurrent ? 'action.selected' : 'transparent',
                borderRadius: 1,
              }}
            >
              <ButtonBase
                onClick={() => onJump(slide.startSeconds)}
                sx={{ display: 'flex', gap: 1, alignItems: 'baseline', textAlign: 'start', borderRadius: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
              >
                <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', color: 'primary.main', fontWeight: 600 }}>
                  {formatClock(slide.startSeconds)}
                </Typography>{' '}
                <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                  {slide.heading}
                </Typography>
              </ButtonBase>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {slide.narration}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
};
