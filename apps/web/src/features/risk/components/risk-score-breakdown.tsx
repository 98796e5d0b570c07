import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type RiskBand, type RiskBreakdown, riskBand } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

const bandColor: Record<RiskBand, 'success' | 'info' | 'warning' | 'error'> = { low: 'success', medium: 'info', high: 'warning', critical: 'error' };

const usePoints = () => {
  const { t, i18n } = useTranslation();
  const signed = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  return (points: number) => t('risk.breakdown.points', { count: Math.abs(points), formatted: signed.format(points) });
};

/** A score out of 100 with its band, and its likely range when the score is a group's. */
export const RiskScore = ({ score, bound, testId }: { score: number; bound?: { lower: number; upper: number }; testId?: string }) => {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const band = riskBand(score);
  return (
    <Stack spacing={0.5} data-testid={testId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontSize: '2.5rem', fontWeight: 700, lineHeight: 1 }}>
          {number.format(score)}
        </Typography>
        <Typography component="span" sx={{ color: 'text.secondary' }}>
          {t('risk.outOf')}
        </Typography>
        <Chip size="small" color={bandColor[band]} label={t(`risk.bands.${band}`)} />
      </Stack>
      {bound ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('risk.breakdown.bound', { lower: number.format(bound.lower), upper: number.format(bound.upper) })}
        </Typography>
      ) : null}
    </Stack>
  );
};

/** Every factor that moved a person's score, with its signed points in plain words: the lines add up to the score. */
export const RiskScoreBreakdown = ({ breakdown }: { breakdown: RiskBreakdown }) => {
  const { t } = useTranslation();
  const points = usePoints();
  return (
    <Box>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }} id="risk-breakdown-title">
        {t('risk.breakdown.label')}
      </Typography>
      <List dense aria-labelledby="risk-breakdown-title" data-testid="risk-breakdown">
        {breakdown.factors.map((line) => (
          <ListItem key={line.factor} disableGutters>
            <ListItemText primary={t(`risk.factors.${line.factor}`)} secondary={t('risk.breakdown.count', { count: line.count })} />
            <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap', ml: 2 }}>{points(line.points)}</Typography>
          </ListItem>
        ))}
        {breakdown.blastRadius.points > 0 ? (
          <ListItem disableGutters>
            <ListItemText primary={t('risk.breakdown.blastRadius')} secondary={breakdown.blastRadius.reasons.map((reason) => t(`risk.blastRadius.${reason}`)).join(' · ')} />
            <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap', ml: 2 }}>{points(breakdown.blastRadius.points)}</Typography>
          </ListItem>
        ) : null}
      </List>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('risk.breakdown.decayNote')}
      </Typography>
    </Box>
  );
};
