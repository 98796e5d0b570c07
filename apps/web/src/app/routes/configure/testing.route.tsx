import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { Campaigns } from '../../../features/campaigns/components/campaign-list';
import { LandingPageList } from '../../../features/phishing-templates/components/landing-page-list';
import { TemplateLibrary } from '../../../features/phishing-templates/components/template-library';
import { FilterAllowList } from '../../../features/sending-profiles/components/filter-allow-list';
import { SendingProfiles } from '../../../features/sending-profiles/components/sending-profiles';
import { PageError } from '../../../features/shell/components/page-error';

const tabs = ['campaigns', 'templates', 'landingPages', 'sendingProfiles'] as const;
type TestingTab = (typeof tabs)[number];

// /configure/testing/: campaigns, the template library, landing pages and sending profiles, one tab
// each, the tab in the address (?tab=) so it survives a reload and can be linked to.
export const Component = () => {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab: TestingTab = (tabs as readonly string[]).includes(asked ?? '') ? (asked as TestingTab) : 'campaigns';
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, next: TestingTab) => setSearchParams(next === 'campaigns' ? {} : { tab: next })}
        aria-label={t('phishingTemplates.tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((value) => (
          <Tab key={value} value={value} label={t(`phishingTemplates.tabs.${value}`)} id={`testing-tab-${value}`} aria-controls={`testing-panel-${value}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`testing-panel-${tab}`} aria-labelledby={`testing-tab-${tab}`}>
        {tab === 'campaigns' && <Campaigns />}
        {tab === 'templates' && <TemplateLibrary />}
        {tab === 'landingPages' && <LandingPageList />}
        {tab === 'sendingProfiles' && (
          <Stack spacing={4}>
            <SendingProfiles />
            <FilterAllowList />
          </Stack>
        )}
      </Box>
    </Box>
  );
};

export const ErrorBoundary = PageError;
