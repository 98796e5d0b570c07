import { afterEach, describe, expect, it, vi } from 'vitest';

// The theme reads the person's motion preference once, when the page loads: load it afresh per case.
const loadThemeWith = async (reduceMotion: boolean) => {
  vi.resetModules();
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduceMotion && query === '(prefers-reduced-motion: reduce)', media: query }));
  return import('./theme');
};

afterEach(() => vi.unstubAllGlobals());

describe('the theme and reduced motion', () => {
  it('runs no transitions and no button ripple when the system asks for reduced motion', async () => {
    const { theme, rtlTheme } = await loadThemeWith(true);
    for (const shown of [theme, rtlTheme]) {
      expect(Object.values(shown.transitions.duration).every((duration) => duration === 0)).toBe(true);
      expect(shown.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
      // The rest of the theme is untouched.
      expect(shown.components?.MuiButton?.defaultProps?.disableElevation).toBe(true);
    }
  });

  it('keeps MUI’s transitions otherwise', async () => {
    const { theme } = await loadThemeWith(false);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });
});
