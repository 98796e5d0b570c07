import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComplianceOverview } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { ExpandMoreIcon } from '../../../components/icons';
import { messageOf } from '../../../lib/api-client';
import { useComplianceSettings } from '../api/compliance-settings';
import { useComplianceOverview } from '../api/get-compliance-overview';
import { ComplianceOnboarding } from './compliance-onboarding';
import { ComplianceSettingsForm } from './compliance-settings-form';
import { FrameworkCard } from './framework-card';
import { FrameworkChooser } from './framework-chooser';
import { Loading } from './loading';

/** The parts of /compliance/, by `?tab=`; `extraTabs` (the policies panel, from the route) add their own. */
const baseTabs = ['overview', 'frameworks', 'settings'] as const;
type BaseTab = (typeof baseTabs)[number];
export type ComplianceExtraTab = { id: string; label: string; content: ReactNode };

const tabHref = (tab: string) => (tab === 'overview' ? paths.compliance.getHref() : `${paths.compliance.getHref()}?tab=${tab}`);

const ComplianceNav = ({ current, tabs }: { current: string; tabs: readonly { id: string; label: string }[] }) => {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('compliance.nav.label')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider', pb: 1 }}>
      <Stack component="ul" direction="row" spacing={1} useFlexGap sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap' }}>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Button component={RouterLink} to={tabHref(tab.id)} variant={tab.id === current ? 'contained' : 'text'} aria-current={tab.id === current ? 'page' : undefined} disableElevation data-testid={`compliance-tab-${tab.id}`}>
              {tab.label}
            </Button>
          </li>
        ))}
      </Stack>
    </Box>
  );
};

const StatusRule = ({ newHireWindowDays }: { newHireWindowDays: number }) => {
  const { t } = useTranslation();
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="compliance-status-rule" id="compliance-status-rule-header">
        <Typography sx={{ fontWeight: 600 }}>{t('compliance.statusRule.toggle')}</Typography>
      </AccordionSummary>
      <AccordionDetails id="compliance-status-rule">
        <ul style={{ margin: 0 }}>
          <li>{t('compliance.statusRule.compliant', { months: 12 })}</li>
          <li>{t('compliance.statusRule.overdue', { days: newHireWindowDays })}</li>
          <li>{t('compliance.statusRule.missing')}</li>
          <li>{t('compliance.statusRule.inProgress')}</li>
          <li>{t('compliance.statusRule.active')}</li>
        </ul>
      </AccordionDetails>
    </Accordion>
  );
};

const Overview = ({ overview, newHireWindowDays }: { overview: ComplianceOverview; newHireWindowDays: number }) => {
  const { t } = useTranslation();
  const chosen = overview.frameworks.filter((framework) => framework.chosen);
  if (chosen.length === 0) {
    return (
      <EmptyState testId="compliance-empty">
        {t('compliance.empty.text')}
        <Box component="span" sx={{ display: 'block', mt: 2 }}>
          <Button component={RouterLink} to={tabHref('frameworks')} variant="contained">
            {t('compliance.empty.choose')}
          </Button>
        </Box>
      </EmptyState>
    );
  }
  const programmes = overview.programmes.filter((programme) => programme.active).length;
  return (
    <Stack spacing={3}>
      <StatusRule newHireWindowDays={newHireWindowDays} />
      {chosen.map((framework) => (
        <FrameworkCard key={framework.id} framework={framework} newHireWindowDays={newHireWindowDays} programmes={programmes} />
      ))}
    </Stack>
  );
};

/**
 * /compliance/ (an overview per chosen framework, the framework chooser, settings, and any extra
 * tab the route adds) and /compliance-onboarding/ (the guided setup), which the router serves with
 * this one component.
 */
export const CompliancePage = ({ extraTabs = [] }: { extraTabs?: readonly ComplianceExtraTab[] }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const overview = useComplianceOverview();
  const settings = useComplianceSettings();
  if (pathname === paths.complianceOnboarding.getHref()) return <ComplianceOnboarding />;

  const tabs = [...baseTabs.map((id) => ({ id, label: t(`compliance.nav.${id}`) })), ...extraTabs];
  const asked = searchParams.get('tab') ?? 'overview';
  const current = tabs.some((tab) => tab.id === asked) ? asked : 'overview';
  const extra = extraTabs.find((tab) => tab.id === current);
  const error = overview.error ?? settings.error;
  const body = (tab: BaseTab) => {
    if (tab === 'settings') return <ComplianceSettingsForm />;
    if (error) return <Alert severity="error">{t('compliance.loadFailed', { message: messageOf(error) })}</Alert>;
    if (!overview.data || !settings.data) return <Loading />;
    if (tab === 'frameworks') return <FrameworkChooser frameworks={overview.data.frameworks} />;
    return <Overview overview={overview.data} newHireWindowDays={settings.data.newHireWindowDays} />;
  };
  return (
    <Box>
      <ComplianceNav current={current} tabs={tabs} />
      {extra ? extra.content : body(current as BaseTab)}
    </Box>
  );
};
