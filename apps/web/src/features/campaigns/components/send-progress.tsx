import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { CampaignCounts } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

import { sendProgress } from '../campaign-format';
import { useCampaignFormat } from '../use-campaign-format';

/** Sent of recipients as a bar, with the numbers in words beside it (and as the bar's value text). */
export const SendProgress = ({ counts, name }: { counts: Pick<CampaignCounts, 'sent' | 'recipients'>; name: string }) => {
  const { t } = useTranslation();
  const format = useCampaignFormat();
  const text = t('campaigns.progress', { sent: format.number(counts.sent), count: counts.recipients });
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress variant="determinate" value={sendProgress(counts)} aria-label={t('campaigns.progressLabel', { name })} aria-valuetext={text} sx={{ height: 8, borderRadius: 4 }} />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }} data-testid="campaign-progress">
        {text}
      </Typography>
    </Box>
  );
};
