import Chip, { type ChipProps } from '@mui/material/Chip';
import type { CampaignStatus } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

const colors: Record<CampaignStatus, ChipProps['color']> = {
  draft: 'default',
  scheduled: 'info',
  sending: 'primary',
  paused: 'warning',
  completed: 'success',
  cancelled: 'default',
};

/** A campaign's status in words (the colour only repeats them). */
export const CampaignStatusChip = ({ status }: { status: CampaignStatus }) => {
  const { t } = useTranslation();
  return <Chip size="small" color={colors[status]} variant={status === 'cancelled' ? 'outlined' : 'filled'} label={t(`campaigns.status.${status}`)} data-testid="campaign-status" />;
};
