import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { integrations } from '../model/integrations';
import { IntegrationCard } from './integration-card';

const groups = ['people', 'reports', 'automation'] as const;

/**
 * /configure/integrations/: every integration with its state, grouped by what it is for — bringing
 * people in, reading what they report, connecting the organisation's other tools.
 */
export const IntegrationsPage = () => {
  const { t } = useTranslation();
  return (
    <Stack spacing={4} sx={{ maxWidth: 1100 }}>
      <Typography sx={{ color: 'text.secondary' }}>{t('integrations.intro')}</Typography>
      {groups.map((group) => (
        <Stack key={group} component="section" spacing={1.5} aria-labelledby={`integrations-${group}`}>
          <Typography id={`integrations-${group}`} variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t(`integrations.groups.${group}.title`)}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t(`integrations.groups.${group}.intro`)}</Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
            {integrations
              .filter((integration) => integration.group === group)
              .map((integration) => (
                <IntegrationCard key={integration.id} integration={integration} />
              ))}
          </Box>
        </Stack>
      ))}
    </Stack>
  );
};
