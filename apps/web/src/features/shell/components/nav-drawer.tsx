import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { CloseIcon, MenuIcon } from '../../../components/icons';
import type { Menu } from '../model/menus';
import { NavContent } from './side-nav';

const drawerWidth = 280;

type NavDrawerProps = {
  menu: Menu;
  path: string;
  logoHref: string;
  companySwitcher?: ReactNode;
};

/**
 * Below md, where the side navigation is hidden, a menu button in the top bar opens the same
 * navigation in a drawer. It closes on Escape, on the close button, on the backdrop and when a link
 * is followed; closing hands focus back to the menu button (a path change then moves it on to the
 * new page's heading).
 */
export const NavDrawer = ({ menu, path, logoHref, companySwitcher = null }: NavDrawerProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  // The path it was opened on: any navigation (a link, the back button) closes it by itself.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const drawerId = useId();
  const open = openedOn === path && !wide;
  const close = () => setOpenedOn(null);

  // A link to the page already shown changes no path, so links close the drawer themselves.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) close();
  };

  return (
    <>
      <IconButton
        edge="start"
        aria-label={t('shellAccessibility.openNavigation')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onClick={() => setOpenedOn(path)}
        data-testid="nav-drawer-button"
        sx={{ display: { md: 'none' } }}
      >
        <MenuIcon aria-hidden />
      </IconButton>
      <Drawer
        open={open}
        onClose={close}
        slotProps={{
          paper: {
            id: drawerId,
            role: 'dialog',
            'aria-modal': true,
            'aria-label': t('shellAccessibility.navigationDrawer'),
            sx: { width: drawerWidth, maxWidth: '85vw' },
          },
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 1 }}>
          <IconButton aria-label={t('shellAccessibility.closeNavigation')} onClick={close} data-testid="nav-drawer-close">
            <CloseIcon aria-hidden />
          </IconButton>
        </Box>
        <Box
          component="nav"
          aria-label={t('shell.nav.label')}
          data-testid="nav-drawer"
          onClick={closeOnLink}
          sx={{ display: 'flex', flexDirection: 'column', flex: 1 }}
        >
          <NavContent menu={menu} path={path} logoHref={logoHref} companySwitcher={companySwitcher} />
        </Box>
      </Drawer>
    </>
  );
};
