import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';

import { AttentionIcon, MissingIcon, PassedIcon, PendingIcon } from './icons';

export type CheckStatus = 'ok' | 'warning' | 'failed' | 'pending';
export type Check = { id: string; status: CheckStatus; text: string };

const icons = {
  ok: <PassedIcon sx={{ color: 'success.main' }} />,
  warning: <AttentionIcon sx={{ color: 'warning.main' }} />,
  failed: <MissingIcon sx={{ color: 'error.main' }} />,
  pending: <PendingIcon sx={{ color: 'text.secondary' }} />,
};

/** Checks with their outcome, said in words as well as with an icon. */
export const CheckList = ({ checks, label, statusLabels }: { checks: Check[]; label: string; statusLabels?: Partial<Record<CheckStatus, string>> }) => {
  const { t } = useTranslation();
  const statusText = {
    ok: t('onboardingWizard.verification.statusOk'),
    warning: t('onboardingWizard.verification.statusWarning'),
    failed: t('onboardingWizard.verification.statusFailed'),
    pending: t('onboardingWizard.verification.statusPending'),
    ...statusLabels,
  };
  return (
    <List aria-label={label} disablePadding>
      {checks.map((check) => (
        <ListItem key={check.id} disableGutters data-testid={`check-${check.id}`} data-status={check.status} sx={{ alignItems: 'flex-start' }}>
          <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>{icons[check.status]}</ListItemIcon>
          <ListItemText primary={check.text} secondary={statusText[check.status]} />
        </ListItem>
      ))}
    </List>
  );
};
