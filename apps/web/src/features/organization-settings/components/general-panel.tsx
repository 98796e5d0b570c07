import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { SectionCard } from '../../../components/section-card';
import { useOrganizationSettings } from '../api/get-organization-settings';
import { OrganizationLogoForm } from './organization-logo-form';
import { OrganizationNameForm } from './organization-name-form';
import { OrganizationTimeZoneForm } from './organization-time-zone-form';

type GeneralPanelProps = {
  /** Told after the name or logo changed, so the page can refresh the top bar. */
  onOrganizationChanged?: () => void;
};

/** The General tab: the organisation's name (and its fixed domain), its time zone and its logo. */
export const GeneralPanel = ({ onOrganizationChanged }: GeneralPanelProps) => {
  const { t } = useTranslation();
  const settings = useOrganizationSettings();

  if (settings.isPending) return <CircularProgress aria-label={t('organizationSettings.loading')} />;
  if (settings.isError) return <Alert severity="error">{t('organizationSettings.loadFailed')}</Alert>;

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <SectionCard title={t('organizationSettings.general.nameSection')} intro={t('organizationSettings.general.nameIntro')}>
        <OrganizationNameForm settings={settings.data} onChanged={onOrganizationChanged} />
      </SectionCard>
      <SectionCard title={t('organizationSettings.general.timeZoneSection')} intro={t('organizationSettings.general.timeZoneIntro')}>
        <OrganizationTimeZoneForm settings={settings.data} />
      </SectionCard>
      <SectionCard title={t('organizationSettings.logo.section')}>
        <OrganizationLogoForm settings={settings.data} onChanged={onOrganizationChanged} />
      </SectionCard>
    </Stack>
  );
};
