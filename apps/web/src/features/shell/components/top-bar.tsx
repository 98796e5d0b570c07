import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { breakLongWords } from '../../../components/break-long-words';
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

// Below sm the bar has no room for the name beside its controls: the logo and the full name take a
// second row of their own, where the name may wrap. From sm up they sit in one row, the name on at
// most two lines (its full text in its title).
const nameStyles = {
  minWidth: 0,
  fontSize: { xs: '1rem', sm: '1.125rem' },
  lineHeight: 1.3,
  whiteSpace: 'normal',
  ...breakLongWords,
  display: { sm: '-webkit-box' },
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: { sm: 2 },
  overflow: { sm: 'hidden' },
} as const;

/**
 * The banner (§2): the organisation's logo and name, the company switch where the side navigation
 * does not offer it, the language picker, feedback, and the user menu.
 */
export const TopBar = ({ user, onLogout, onLogoutFailed, navigationButton = null }: TopBarProps) => (
  <AppBar
    position="sticky"
    color="inherit"
    elevation={0}
    sx={{ borderBottom: 1, borderColor: 'divider', height: { sm: topBarHeight }, minHeight: topBarHeight, justifyContent: 'center' }}
  >
    <Toolbar sx={{ gap: { xs: 1, sm: 2 }, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: { xs: 1, sm: 0 }, px: { xs: 1, sm: 2 } }}>
      {navigationButton}
      <Stack
        direction="row"
        spacing={1.5}
        // Below sm: after the controls (order), on a row of its own (basis 100%).
        sx={{ alignItems: 'center', minWidth: 0, flex: { xs: '1 0 100%', sm: 1 }, order: { xs: 1, sm: 0 }, px: { xs: 1, sm: 0 } }}
      >
        {user.pictureFileName ? (
          <Box
            component="img"
            src={companyLogoUrl(user.pictureFileName)}
            alt={user.organization}
            data-testid="organization-logo"
            sx={{ height: { xs: 32, sm: 40 }, maxWidth: 160, objectFit: 'contain', flexShrink: 0 }}
          />
        ) : null}
        <Typography component="p" variant="h6" title={user.organization} data-testid="organization-name" sx={nameStyles}>
          {user.organization}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: { xs: 0.5, sm: 2 }, flexShrink: 0, ml: 'auto' }}>
        <TopBarCompanySwitcher user={user} />
        <GeneralLanguagePicker />
        <FeedbackPopover />
        <UserMenu user={user} onLogout={onLogout} onLogoutFailed={onLogoutFailed} />
      </Stack>
    </Toolbar>
  </AppBar>
);
