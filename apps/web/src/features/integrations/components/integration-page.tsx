import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { PageNotFound } from '../../../components/page-not-found';
import { paths } from '../../../config/paths';
import { integrationById } from '../model/integrations';

/** /configure/integrations/{serviceId}/: one integration's settings and state (the shell gives the title). */
export const IntegrationPage = () => {
  const { t } = useTranslation();
  const { serviceId } = useParams();
  const integration = integrationById(serviceId);
  if (!integration) return <PageNotFound />;
  const { Panel } = integration;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Button component={Link} to={paths.configure.integrations.path} sx={{ alignSelf: 'flex-start' }}>
        {t('integrations.backToList')}
      </Button>
      <Panel />
    </Stack>
  );
};
