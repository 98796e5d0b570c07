import createCache from '@emotion/cache';
import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

import { breakLongWords } from '../components/break-long-words';

/**
 * People who ask their system for less motion get none: MUI's transitions (menus, dialogs, the
 * drawer) complete at once and buttons show no ripple. End-to-end runs ask for it too, so axe never
 * measures a colour half-way through a fade.
 */
const prefersReducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

const motionOptions: ThemeOptions = prefersReducedMotion
  ? {
      transitions: {
        duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
      },
      components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
    }
  : {};

// Every foreground/background pair below reaches WCAG AA (4.5:1) or better; primary on white is ~10:1.
const themeOptions: ThemeOptions = {
  breakpoints: {
    // MUI's defaults, spelled out because the spec fixes them (side navigation from `md`).
    values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
  },
  palette: {
    mode: 'light',
    // Ask MUI for AA-contrast text on coloured surfaces instead of its default 3:1.
    contrastThreshold: 4.5,
    primary: { main: '#1a3d7c', light: '#3a5ea8', dark: '#0f2a5c', contrastText: '#ffffff' },
    secondary: { main: '#00695c', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    warning: { main: '#8a5300' },
    info: { main: '#0b5cad' },
    success: { main: '#1b6e3a' },
    background: { default: '#f4f6fa', paper: '#ffffff' },
    text: { primary: '#1b2330', secondary: '#4a5568' },
    divider: '#d5dbe5',
  },
  shape: { borderRadius: 8 },
  typography: {
    // System fonts: no web-font download, and they render well in every locale we translate to.
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '2rem', fontWeight: 600, lineHeight: 1.25, ...breakLongWords },
    h2: { fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.3, ...breakLongWords },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: breakLongWords } },
    MuiBreadcrumbs: { styleOverrides: { li: breakLongWords } },
    MuiListItemText: { styleOverrides: { primary: breakLongWords, secondary: breakLongWords } },
    MuiListSubheader: { styleOverrides: { root: breakLongWords } },
    // Underlined links stay recognisable without relying on colour alone.
    MuiLink: { defaultProps: { underline: 'always' } },
  },
};

export const theme = createTheme(themeOptions, motionOptions);

/**
 * For right-to-left languages (Hebrew): MUI mirrors the components that read the theme's direction.
 * The page is reloaded on a language change, so the direction never changes while it is open.
 */
export const rtlTheme = createTheme({ ...themeOptions, direction: 'rtl' }, motionOptions);

/**
 * Emotion cache for right-to-left pages: stylis-plugin-rtl flips physical properties (margins,
 * paddings, borders, `left`/`right`) in every generated style, which the theme direction alone does
 * not do for `sx` and styled components.
 */
export const rtlStyleCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
