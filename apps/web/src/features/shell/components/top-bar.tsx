import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';

import { companyLogoUrl } from '../../../config/paths';
import type { ShellUser } from '../model/user';
import { FeedbackPopover } from './feedback-popover';
import { topBarHeight } from './side-nav';
import { UserMenu } from './user-menu';

type TopBarProps = {
  user: ShellUser;
  onLogout: () => Promise<void>;
  onLogoutFailed: () => void;
};

/** The banner (§2): the organisation's logo and name, feedback, and the user menu. */
export const TopBar = ({ user, onLogout, onLogoutFailed }: TopBarProps) => (
  <AppBar
    position="sticky"
    color="inherit"
    elevation={0}
    sx={{ borderBottom: 1, borderColor: 'divider', height: topBarHeight, justifyContent: 'center' }}
  >
    <Toolbar sx={{ gap: 2 }}>
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
      <FeedbackPopover />
      <UserMenu user={user} onLogout={onLogout} onLogoutFailed={onLogoutFailed} />
    </Toolbar>
  </AppBar>
);
