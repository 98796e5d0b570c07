import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Level = 1 | 2 | 3 | 4 | 5;

/** Difficulty 1–5 as five filled bars, with the number and its meaning in words for everyone. */
export const DifficultyMeter = ({ level }: { level: Level }) => {
  const { t } = useTranslation();
  const words = `${t('phishingTemplates.difficulty', { level })}: ${t(`phishingTemplates.difficultyLevels.${level}`)}`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box role="meter" aria-valuemin={1} aria-valuemax={5} aria-valuenow={level} aria-label={words} sx={{ display: 'flex', gap: 0.5 }}>
        {[1, 2, 3, 4, 5].map((step) => (
          <Box key={step} sx={{ width: 14, height: 8, borderRadius: 0.5, bgcolor: step <= level ? (level >= 4 ? 'error.main' : level === 3 ? 'warning.main' : 'success.main') : 'action.disabledBackground' }} />
        ))}
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }} aria-hidden>
        {t(`phishingTemplates.difficultyLevels.${level}`)}
      </Typography>
    </Stack>
  );
};
