import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CopyField } from '../../../components/copy-field';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useOnboardingWizard } from '../../onboarding/api/get-onboarding-wizard';
import { ScimTokenPanel } from '../../onboarding/components/scim-token-panel';

/**
 * /configure/integrations/scim/: the organisation's SCIM endpoint and token (the same ones the
 * onboarding wizard hands out) with what provisioning did lately, and the guides per identity provider.
 */
export const ScimPanel = () => {
  const { t } = useTranslation();
  const wizard = useOnboardingWizard();
  if (wizard.isPending) return <CircularProgress aria-label={t('integrations.scim.loading')} />;
  if (wizard.isError) return <Alert severity="error">{t('integrations.scim.loadFailed', { message: messageOf(wizard.error) })}</Alert>;
  const { data } = wizard;
  return (
    <Stack spacing={3}>
      <Typography sx={{ color: 'text.secondary' }}>{t('integrations.scim.intro')}</Typography>
      <SectionCard title={t('integrations.scim.endpointHeading')} intro={t('integrations.scim.endpointIntro')} testId="scim-endpoint">
        <CopyField label={t('integrations.scim.baseUrl')} value={data.serviceProvider.scimBaseUrl} testId="scim-base-url" />
        <ScimTokenPanel wizard={data} tokenLabel={t('integrations.scim.tokenLabel')} />
      </SectionCard>
      <SectionCard title={t('integrations.scim.guidesHeading')} intro={t('integrations.scim.guidesIntro')}>
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button component={Link} to={paths.onboarding.setupSsoAndScim.entraId.getHref()} variant="outlined">
            {t('integrations.scim.entraGuide')}
          </Button>
          <Button component={Link} to={paths.onboarding.setupSsoAndScim.okta.getHref()} variant="outlined">
            {t('integrations.scim.oktaGuide')}
          </Button>
          <Button component={Link} to={paths.settings.organization.users.getHref()}>
            {t('integrations.scim.seePeople')}
          </Button>
        </Stack>
      </SectionCard>
    </Stack>
  );
};
