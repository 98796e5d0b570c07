import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import type { RouteMatch } from '../model/routes';

/** One breadcrumb; without an href it is plain text (the current page, or one this person may not open). */
export type Breadcrumb = { label: string; href: string | null };

/** What a page may say about itself beyond the route table: a person's name as title, say. */
export type PageOverrides = { title?: string; breadcrumbs?: Breadcrumb[] };

type ShellPageContextValue = {
  /** The §2 route at the current path, or null for a path under a main page with no such page. */
  match: RouteMatch | null;
  overrides: PageOverrides;
  setOverrides: (path: string, overrides: PageOverrides) => void;
};

const ShellPageContext = createContext<ShellPageContextValue | null>(null);

type Stored = { path: string; overrides: PageOverrides };

/**
 * Holds the current page's custom title and breadcrumbs. They belong to the path they were set on,
 * so a path change clears them (§4) without waiting for an effect.
 */
export const ShellPageProvider = ({ match, children }: { match: RouteMatch | null; children: ReactNode }) => {
  const { pathname } = useLocation();
  const [stored, setStored] = useState<Stored>({ path: pathname, overrides: {} });
  const overrides = stored.path === pathname ? stored.overrides : noOverrides;
  const setOverrides = useCallback((path: string, next: PageOverrides) => setStored({ path, overrides: next }), []);
  const value = useMemo<ShellPageContextValue>(() => ({ match, overrides, setOverrides }), [match, overrides, setOverrides]);
  return <ShellPageContext value={value}>{children}</ShellPageContext>;
};

const noOverrides: PageOverrides = {};

const useShellPageContext = () => {
  const value = useContext(ShellPageContext);
  if (!value) throw new Error('This hook needs the shell layout above it');
  return value;
};

/** The §2 route of the current page and its parameters. */
export const useCurrentRoute = () => useShellPageContext().match;

/** The custom title and breadcrumbs the current page has set. */
export const usePageOverrides = () => useShellPageContext().overrides;

/**
 * Lets a page replace its title or breadcrumbs (a person's name, say) while it is on screen.
 * Pass stable values (memoise the breadcrumbs array).
 */
export const useShellPage = ({ title, breadcrumbs }: PageOverrides) => {
  const { setOverrides } = useShellPageContext();
  const { pathname } = useLocation();
  useEffect(() => {
    setOverrides(pathname, { title, breadcrumbs });
  }, [setOverrides, pathname, title, breadcrumbs]);
};
