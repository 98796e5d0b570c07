import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { GeneralLanguagePicker } from '../../../components/language-picker';
import { companyLogoUrl } from '../../../config/paths';
import type { ShellUser } from '../model/user';
import { TopBarCompanySwitcher } from './company-switcher';
import { FeedbackPopover } from './feedback-popover';
import { topBarHeight } from './side-nav';
import { UserMenu } from './user-menu';

type TopBarProps = {
  user: ShellUser;
  onLogout: () => Promise<void>;
  onLogoutFailed: () => void;
  /** The button that opens the navigation below md, first in the bar. */
  navigationButton?: ReactNode;
};

/**
 * The banner (§2): the organisation's logo and name, the company switch where the side navigation
 * does not offer it, the language picker, feedback, and the user menu.
 */
export const TopBar = ({ user, onLogout, onLogoutFailed, navigationButton = null }: TopBarProps) => (
  <AppBar
    position="sticky"
    color="inherit"
    elevation={0}
    sx={{ borderBottom: 1, borderColor: 'divider', height: topBarHeight, justifyContent: 'center' }}
  >
    <Toolbar sx={{ gap: 2 }}>
      {navigationButton}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flex: 1 }}>
        {user.pictureFileName ? (
          <Box
            component="img"
            src={companyLogoUrl(user.pictureFileName)}
            alt={user.organization}
            data-testid="organization-logo"
            sx={{ height: 40, maxWidth: 160, objectFit: 'contain' }}
          />
        ) : null}
        <Typography component="p" variant="h6" noWrap data-testid="organization-name">
          {user.organization}
        </Typography>
      </Stack>
      <TopBarCompanySwitcher user={user} />
      <GeneralLanguagePicker />
      <FeedbackPopover />
      <UserMenu user={user} onLogout={onLogout} onLogoutFailed={onLogoutFailed} />
    </Toolbar>
  </AppBar>
);
