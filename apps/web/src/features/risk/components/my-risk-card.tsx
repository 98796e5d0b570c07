import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { useMyRisk } from '../api/get-risk';
import { RiskScore, RiskScoreBreakdown } from './risk-score-breakdown';

/** "Your security score" on Your Security Insights: the score, what moved it, and what to do next. */
export const MyRiskCard = () => {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useMyRisk();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  const overdue = data?.breakdown?.factors.some((line) => line.factor === 'training_overdue') ?? false;
  // A score whose every fact has lapsed (or been made good) has nothing left to explain.
  const counted = (data?.breakdown?.factors.length ?? 0) > 0;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 720 }} data-testid="my-risk">
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {t('risk.mine.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('risk.mine.intro')}</Typography>
        {isPending ? <CircularProgress aria-label={t('risk.mine.title')} /> : null}
        {isError ? <Alert severity="error">{t('risk.mine.loadError')}</Alert> : null}
        {data && !counted ? <Alert severity="success">{t('risk.mine.none')}</Alert> : null}
        {data?.score !== null && data?.breakdown && counted ? (
          <>
            <RiskScore score={data.score} testId="my-risk-score" />
            {data.computedAt ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('risk.mine.updated', { date: day.format(new Date(data.computedAt)) })}
              </Typography>
            ) : null}
            <RiskScoreBreakdown breakdown={data.breakdown} />
            <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
              {t('risk.mine.nextTitle')}
            </Typography>
            <Typography>{t('risk.mine.nextReport')}</Typography>
            {overdue ? (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography>{t('risk.mine.nextTraining')}</Typography>
                <Button component={RouterLink} to={paths.dashboard.trainings.getHref()} variant="outlined">
                  {t('risk.mine.nextTrainingLink')}
                </Button>
              </Stack>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
};
