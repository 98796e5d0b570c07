import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '../../../config/paths';
import type { Integration } from '../model/integrations';

const chipColor = { connected: 'success', not_connected: 'default', attention: 'warning' } as const;

/** One integration in the list: what it does, whether it works, and the way to its page. */
export const IntegrationCard = ({ integration }: { integration: Integration }) => {
  const { t } = useTranslation();
  const headingId = useId();
  const { status, isPending, isError } = integration.useStatus();
  const state = status?.state ?? 'not_connected';
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }} data-testid={`integration-${integration.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
          {t(`routeParams.integrations.${integration.id}`)}
        </Typography>
        {isPending ? null : <Chip size="small" color={chipColor[state]} label={t(`integrations.state.${state}`)} data-testid="integration-state" />}
      </Stack>
      <Typography sx={{ color: 'text.secondary', flexGrow: 1 }}>{t(`integrations.descriptions.${integration.id}`)}</Typography>
      <Typography variant="body2" data-testid="integration-summary">
        {isPending ? <Skeleton width="80%" /> : isError ? t('integrations.statusUnavailable') : status?.summary}
      </Typography>
      <Button component={Link} to={paths.configure.integrations.service.getHref(integration.id)} variant={state === 'not_connected' ? 'contained' : 'outlined'} sx={{ alignSelf: 'flex-start' }} aria-describedby={headingId}>
        {state === 'not_connected' ? t('integrations.setUp') : t('integrations.manage')}
      </Button>
    </Paper>
  );
};
