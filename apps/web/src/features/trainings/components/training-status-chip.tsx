import Chip, { type ChipProps } from '@mui/material/Chip';
import type { AssignmentStatus } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

const colors: Record<AssignmentStatus, ChipProps['color']> = {
  assigned: 'default',
  in_progress: 'primary',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** An assignment's status in words (the colour only repeats them). */
export const TrainingStatusChip = ({ status }: { status: AssignmentStatus }) => {
  const { t } = useTranslation();
  return <Chip size="small" color={colors[status]} variant={status === 'assigned' || status === 'cancelled' ? 'outlined' : 'filled'} label={t(`trainings.status.${status}`)} data-testid="training-status" />;
};
