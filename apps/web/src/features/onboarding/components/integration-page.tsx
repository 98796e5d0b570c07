import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDay } from '../model/format';
import { InstructionList } from './instruction-list';
import { NotConnectedNotice } from './not-connected-notice';
import { PermissionTable, type Grant } from './permission-table';
import { SectionCard } from '../../../components/section-card';

type IntegrationPageProps = {
  area: 'dmi' | 'watchtower';
  intro: string;
  steps: readonly string[];
  grants: Grant[];
  /** OAuth scopes (Google) or Graph application permissions (Microsoft). */
  grantKind: 'scope' | 'permission';
  confirmedAt: string | null;
  /** Above the page's content, e.g. the Google / Microsoft switch. */
  header?: ReactNode;
  /** The form of what the admin set up. */
  children: ReactNode;
};

/** A direct mail injection or Watchtower page: what to do, what to grant, what was set up. */
export const IntegrationPage = ({ area, intro, steps, grants, grantKind, confirmedAt, header, children }: IntegrationPageProps) => {
  const { t, i18n } = useTranslation();
  return (
    <Stack spacing={3}>
      {header}
      <Typography>{intro}</Typography>
      <NotConnectedNotice area={area} />
      <SectionCard title={t('onboardingWizard.integration.howHeading')}>
        <InstructionList items={steps} />
      </SectionCard>
      <SectionCard title={t('onboardingWizard.integration.grantHeading')} testId="grants">
        <PermissionTable
          label={t('onboardingWizard.integration.grantHeading')}
          grants={grants}
          nameHeading={grantKind === 'scope' ? t('onboardingWizard.common.scope') : t('onboardingWizard.common.permission')}
          kindHeading={grantKind === 'permission' ? t('onboardingWizard.common.type') : undefined}
          whyHeading={t('onboardingWizard.common.why')}
        />
      </SectionCard>
      <SectionCard title={t('onboardingWizard.integration.enterHeading')} testId="integration-form-section">
        <Alert severity="info">{t('onboardingWizard.integration.noSecret')}</Alert>
        {confirmedAt ? (
          <Alert severity="success" data-testid="integration-confirmed">
            {t('onboardingWizard.integration.confirmedOn', { date: formatDay(confirmedAt, i18n.language) })}
          </Alert>
        ) : null}
        {children}
      </SectionCard>
    </Stack>
  );
};
