import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { LogoMark } from '../../../components/logo-mark';
import {
  isMenuGroupOpenAt,
  isMenuLinkActive,
  type Menu,
  type MenuGroup,
  type MenuGroupId,
  type MenuLink,
  type MenuSection,
} from '../model/menus';
import { ExpandLessIcon, ExpandMoreIcon } from '../../../components/icons';

/** Height of the top bar, which the side navigation sticks below (§9: sticky offset 69px). */
export const topBarHeight = 69;
const sideNavMaxWidth = 200;

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

// §1: the logo leads to a given link and scrolls the page smoothly to the top.
const LogoLink = ({ href }: { href: string }) => {
  const { t } = useTranslation();
  return (
    <Box
      component={Link}
      to={href}
      onClick={scrollToTop}
      data-testid="nav-logo"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, textDecoration: 'none', color: 'primary.main' }}
    >
      <LogoMark aria-hidden />
      <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
        {t('app.name')}
      </Typography>
    </Box>
  );
};

const NavLink = ({ item, path, nested = false }: { item: MenuLink; path: string; nested?: boolean }) => {
  const { t } = useTranslation();
  const active = isMenuLinkActive(item, path);
  const button = (
    <ListItemButton
      component={Link}
      to={item.href}
      selected={active}
      aria-current={active ? 'page' : undefined}
      data-testid={`nav-${item.id}`}
      sx={{ pl: nested ? 4 : 2, borderRadius: 1 }}
    >
      <ListItemText primary={t(item.labelKey)} />
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {item.tooltipKey ? (
        // describeChild: the tooltip describes the link; its name stays the visible label.
        <Tooltip title={t(item.tooltipKey)} placement="right" describeChild>
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
};

const NavGroup = ({
  item,
  path,
  open,
  onToggle,
  idPrefix,
}: {
  item: MenuGroup;
  path: string;
  open: boolean;
  onToggle: () => void;
  idPrefix: string;
}) => {
  const { t } = useTranslation();
  const listId = `${idPrefix}-group-${item.id}-items`;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        data-testid={`nav-group-${item.id}`}
        sx={{ borderRadius: 1 }}
      >
        <ListItemText primary={t(item.labelKey)} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={listId} dense disablePadding>
          {item.items.map((child) => (
            <NavLink key={child.id} item={child} path={path} nested />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
};

const ExpandLess = () => <ExpandLessIcon aria-hidden fontSize="small" />;
const ExpandMore = () => <ExpandMoreIcon aria-hidden fontSize="small" />;

const SectionHeader = ({
  section,
  companySwitcher,
  idPrefix,
}: {
  section: MenuSection;
  companySwitcher: ReactNode;
  idPrefix: string;
}) => {
  const { t } = useTranslation();
  if (!section.header) return null;
  return (
    // A heading that wraps (a long German compound) keeps an ordinary line height.
    <ListSubheader id={`${idPrefix}-section-${section.id}`} disableSticky sx={{ lineHeight: 1.4, py: 1, bgcolor: 'transparent' }}>
      {section.header.kind === 'companySwitcher' ? companySwitcher : null}
      {t(section.header.labelKey)}
    </ListSubheader>
  );
};

// Groups open by themselves when the path enters them (§2) and stay as the user toggled them otherwise.
const useOpenGroups = (menu: Menu, path: string) => {
  const groups = menu.flatMap((section) => section.entries.filter((entry): entry is MenuGroup => entry.kind === 'group'));
  const openedByPath = () => new Set(groups.filter((group) => isMenuGroupOpenAt(group, path)).map((group) => group.id));
  const [state, setState] = useState(() => ({ path, open: openedByPath() }));
  if (state.path !== path) {
    // Adjusting state while rendering, as React recommends for "reset on prop change".
    setState({ path, open: new Set([...state.open, ...openedByPath()]) });
  }
  const toggle = (id: MenuGroupId) =>
    setState((current) => {
      const open = new Set(current.open);
      if (open.has(id)) open.delete(id);
      else open.add(id);
      return { ...current, open };
    });
  return { isOpen: (id: MenuGroupId) => state.open.has(id), toggle };
};

type SideNavProps = {
  menu: Menu;
  path: string;
  logoHref: string;
  /** Shown in place of the Company Metrics and Onboarding headings' company drop-down. */
  companySwitcher?: ReactNode;
};

/**
 * What the navigation holds (logo, menu sections, footer): the side navigation from md up and the
 * drawer below md show the same thing. Ids are per instance, as both can be in the page at once.
 */
export const NavContent = ({ menu, path, logoHref, companySwitcher = null }: SideNavProps) => {
  const { t } = useTranslation();
  const { isOpen, toggle } = useOpenGroups(menu, path);
  const idPrefix = useId();
  return (
    <>
      <LogoLink href={logoHref} />
      <Box sx={{ flex: 1, px: 1 }}>
        {menu.map((section) => (
          <List
            key={section.id}
            dense
            aria-labelledby={section.header ? `${idPrefix}-section-${section.id}` : undefined}
            subheader={<SectionHeader section={section} companySwitcher={companySwitcher} idPrefix={idPrefix} />}
          >
            {section.entries.map((entry) =>
              entry.kind === 'group' ? (
                <NavGroup
                  key={entry.id}
                  item={entry}
                  path={path}
                  open={isOpen(entry.id)}
                  onToggle={() => toggle(entry.id)}
                  idPrefix={idPrefix}
                />
              ) : (
                <NavLink key={entry.id} item={entry} path={path} />
              ),
            )}
          </List>
        ))}
      </Box>
      <Typography component="p" variant="caption" sx={{ px: 2, py: 1.5, color: 'text.secondary' }} data-testid="nav-footer">
        {t('shell.nav.footer', { year: new Date().getFullYear() })}
      </Typography>
    </>
  );
};

/** The left side navigation: md and up only, at most 200px wide, sticky below the top bar (§2, §9). */
export const SideNav = (props: SideNavProps) => {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('shell.nav.label')}
      data-testid="side-nav"
      sx={{
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        width: sideNavMaxWidth,
        maxWidth: sideNavMaxWidth,
        flexShrink: 0,
        position: 'sticky',
        top: topBarHeight,
        alignSelf: 'flex-start',
        height: `calc(100dvh - ${topBarHeight}px)`,
        overflowY: 'auto',
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <NavContent {...props} />
    </Box>
  );
};
