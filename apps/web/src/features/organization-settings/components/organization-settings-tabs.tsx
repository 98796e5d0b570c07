import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '../../../config/paths';

export const organizationSettingsTabs = ['general', 'users', 'admins', 'loginLogs'] as const;
export type OrganizationSettingsTab = (typeof organizationSettingsTabs)[number];

const tabHref: Record<OrganizationSettingsTab, string> = {
  general: paths.settings.organization.general.getHref(),
  users: paths.settings.organization.users.getHref(),
  admins: paths.settings.organization.admins.getHref(),
  loginLogs: paths.settings.organization.loginLogs.getHref(),
};

const tabTitleKey = {
  general: 'routes.settingsOrganizationGeneral.title',
  users: 'routes.settingsOrganizationUsers.title',
  admins: 'routes.settingsOrganizationAdmins.title',
  loginLogs: 'routes.settingsOrganizationLoginLogs.title',
} as const satisfies Record<OrganizationSettingsTab, string>;

type OrganizationSettingsTabsProps = {
  /** The tab of the current address: each tab is a page of its own (§2), so the URL decides. */
  current: OrganizationSettingsTab;
  children: ReactNode;
};

// Drawn like tabs, but each is a link to a page of its own: plain links in a navigation landmark
// (every one a Tab stop, the current one `aria-current="page"`), not an ARIA tab list whose arrow
// keys and panels would promise a widget that switches content in place.
const tabLinkSx = (selected: boolean) =>
  ({
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: 48,
    px: 2,
    typography: 'button',
    whiteSpace: 'nowrap',
    color: selected ? 'primary.main' : 'text.secondary',
    borderBottom: 2,
    borderColor: selected ? 'primary.main' : 'transparent',
    '&:hover': { color: selected ? 'primary.main' : 'text.primary' },
    '&.Mui-focusVisible': { bgcolor: 'action.focus' },
  }) as const;

/**
 * The organisation settings pages, one tab each. Tabs are links rather than local state so every
 * tab can be bookmarked, opened in a new window and guarded like any other page.
 */
export const OrganizationSettingsTabs = ({ current, children }: OrganizationSettingsTabsProps) => {
  const { t } = useTranslation();
  return (
    <Box>
      <Box component="nav" aria-label={t('organizationSettings.tabs.label')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, overflowX: 'auto' }}>
        <Box component="ul" sx={{ display: 'flex', listStyle: 'none', m: 0, p: 0 }}>
          {organizationSettingsTabs.map((tab) => (
            <li key={tab}>
              <ButtonBase
                component={Link}
                to={tabHref[tab]}
                aria-current={tab === current ? 'page' : undefined}
                data-testid={`organization-settings-tab-${tab}`}
                sx={tabLinkSx(tab === current)}
              >
                {t(tabTitleKey[tab])}
              </ButtonBase>
            </li>
          ))}
        </Box>
      </Box>
      {children}
    </Box>
  );
};
