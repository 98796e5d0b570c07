import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '../../../config/paths';
import type { ShellUser } from '../model/user';

type UserMenuProps = {
  user: ShellUser;
  /** Signs out; the promise rejects when the logout request could not be sent. */
  onLogout: () => Promise<void>;
  onLogoutFailed: () => void;
};

/** The initials button and its menu (§2): full name, email, Account Settings once onboarded, Log Out. */
export const UserMenu = ({ user, onLogout, onLogoutFailed }: UserMenuProps) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');

  const logout = () => {
    close();
    onLogout().catch(onLogoutFailed);
  };

  return (
    <>
      <IconButton
        id={buttonId}
        // The initials are the button's visible label, so its name starts with them (WCAG 2.5.3).
        aria-label={[user.initials, t('shell.userMenu.button')].filter(Boolean).join(' ')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="user-menu-button"
        sx={{ p: 0.5 }}
      >
        <Avatar aria-hidden sx={{ bgcolor: 'primary.main', width: 40, height: 40, fontSize: '1rem' }}>
          {user.initials || null}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {/* Who is signed in: text, not a menu item, so arrow keys pass over it. */}
        <Box component="li" role="none" sx={{ px: 2, py: 1, maxWidth: 320 }}>
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid="user-menu-name">
            {fullName}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-word' }} data-testid="user-menu-email">
            {user.email}
          </Typography>
        </Box>
        <Divider component="li" role="none" />
        {user.isOnboarded ? (
          <MenuItem
            component={Link}
            to={paths.accountSettings.getHref()}
            onClick={close}
            data-testid="user-menu-account-settings"
          >
            {t('shell.userMenu.accountSettings')}
          </MenuItem>
        ) : null}
        <MenuItem onClick={logout} data-testid="user-menu-logout">
          {t('shell.userMenu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
};
