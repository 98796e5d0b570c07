import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths.ts';
import { decideNavigation } from '../apps/web/src/features/shell/model/guard.ts';
import type { Menu, MenuLink } from '../apps/web/src/features/shell/model/menus.ts';
import type { ShellUser } from '../apps/web/src/features/shell/model/user.ts';
import { notOnboardedAdmin, resetOnboarding } from './api.ts';
import { launchBrowser } from './browser.ts';
import { acceptablePaths, navigateInApp, resolveFinalPath, routeUrls, signIn, t, waitForScreen } from './shell-model.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  // The onboarding spec may have completed the one company still onboarding: undo that first.
  await resetOnboarding(baseUrl);
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

type Facts = Pick<ShellUser, 'role' | 'isOnboarded' | 'isBRACompleted'> & Partial<Pick<ShellUser, 'isDepartmentAdmin' | 'isDirectManager'>>;

const northwind = (name: string) => `${name}@northwind-logistics.example`;
const done = { isOnboarded: true, isBRACompleted: true };

// The demo people of every role and flag (README), with what their record must say: the suite
// checks the demo data is what it claims before it checks the shell against the model. Flags not
// listed may be either (the demo's superadmins manage people directly, for one).
const people: { email: string; facts: Facts }[] = [
  { email: northwind('amelia.hart'), facts: { role: 'Superadmin', ...done } },
  { email: northwind('marcus.bell'), facts: { role: 'Admin', ...done } },
  { email: northwind('priya.raman'), facts: { role: 'Manager', ...done } },
  { email: northwind('tomas.alvarez'), facts: { role: 'User', ...done, isDepartmentAdmin: true } },
  { email: northwind('grace.lindqvist'), facts: { role: 'User', ...done, isDirectManager: true } },
  { email: northwind('owen.fletcher'), facts: { role: 'User', ...done, isDepartmentAdmin: false, isDirectManager: false } },
  {
    email: notOnboardedAdmin,
    facts: { role: 'Superadmin', isOnboarded: false, isBRACompleted: false },
  },
  {
    email: 'victoria.sterling@crestline-financial.example',
    facts: { role: 'Superadmin', isOnboarded: true, isBRACompleted: false },
  },
  { email: 'demo@vigil.example', facts: { role: 'Superadmin', ...done } },
];

type RedirectKind = 'stays' | 'error' | 'onboarding' | 'initial testing' | 'landing page';

const redirectKind = (url: string, user: ShellUser): RedirectKind => {
  const decision = decideNavigation({ path: url, session: 'authenticated', user, profileError: null });
  if (decision.kind !== 'redirect') return 'stays';
  if (decision.to === paths.error.path) return 'error';
  if (decision.to === paths.onboarding.path) return 'onboarding';
  if (decision.to === paths.insights.initialTesting.path) return 'initial testing';
  // "/" and the pages replaced once the BRA is complete (§4).
  return 'landing page';
};

const isShellPath = (path: string) => path !== paths.error.path && path !== paths.headsUp.path;

// Client-side navigation gives the same answer as a full load (the same guard decides both); one
// full load per kind of redirect, over the whole suite, proves that and keeps the suite fast.
const fullyLoaded = new Set<RedirectKind>();

type Entry = { testId: string; name: string; href: string | null };

const linkEntry = (item: MenuLink): Entry => ({ testId: `nav-${item.id}`, name: t(item.labelKey), href: item.href });

/** The side navigation the model promises, top to bottom, with every group opened. */
const expectedEntries = (menu: Menu): Entry[] =>
  menu.flatMap((section) =>
    section.entries.flatMap((entry) =>
      entry.kind === 'group'
        ? [{ testId: `nav-group-${entry.id}`, name: t(entry.labelKey), href: null }, ...entry.items.map(linkEntry)]
        : [linkEntry(entry)],
    ),
  );

const expectMenu = async (page: Page, menu: Menu) => {
  const nav = page.getByRole('navigation', { name: t('shell.nav.label') });
  await expect.poll(() => nav.isVisible()).toBe(true);
  // Open the closed groups, so their links are in the page too.
  for (const section of menu) {
    for (const entry of section.entries) {
      if (entry.kind !== 'group') continue;
      const button = nav.getByTestId(`nav-group-${entry.id}`);
      if ((await button.count()) === 1 && (await button.getAttribute('aria-expanded')) === 'false') await button.click();
    }
  }
  const shown = () =>
    nav
      .locator('a[data-testid^="nav-"]:not([data-testid="nav-logo"]), [role="button"][data-testid^="nav-group-"]')
      .evaluateAll((elements) =>
        elements.map((element) => ({
          testId: element.getAttribute('data-testid') ?? '',
          name: element.textContent?.trim() ?? '',
          href: element.getAttribute('href'),
        })),
      );
  await expect.poll(shown).toEqual(expectedEntries(menu));
  const headings = menu.flatMap((section) => (section.header ? [t(section.header.labelKey)] : []));
  const text = await nav.innerText();
  for (const heading of headings) expect(text).toContain(heading);
};

// Each person walks every route in a browser context of their own, three at a time
// (maxConcurrency in vitest.config.ts): a walk mostly waits on pages rendering, which two cores
// do faster side by side than one after the other.
describe.concurrent('each demo role and flag against the shell model (§2 menus, §4 and §6 redirects)', () => {
  it.each(people)('$email: landing page, menu, and where every route leads', async ({ email, facts }) => {
    const { page, user, menu, landingPath } = await signIn(browser, baseUrl, email);
    try {
      expect(user).toMatchObject(facts);

      // Sign-in lands on "/", which sends the person to their landing page.
      expect(await waitForScreen(page, [landingPath], { focusMoved: false })).toBe(landingPath);

      // The onboarding pages show no navigation (§2); the menu shows on the pages around them.
      if (landingPath.startsWith(paths.onboarding.path)) {
        expect(await page.getByRole('navigation', { name: t('shell.nav.label') }).count()).toBe(0);
        const welcome = paths.welcome.getHref();
        if (resolveFinalPath(welcome, user) === welcome) {
          await navigateInApp(page, welcome);
          expect(await waitForScreen(page, [welcome], { focusMoved: true })).toBe(welcome);
          await expectMenu(page, menu);
        }
      } else {
        await expectMenu(page, menu);
      }

      const outcomes: { url: string; kind: RedirectKind; expected: string[]; actual: string }[] = [];
      const surprises = () => outcomes.filter((outcome) => !outcome.expected.includes(outcome.actual));
      let reload = false;
      for (const url of routeUrls) {
        const expected = acceptablePaths(url, user);
        const kind = redirectKind(url, user);
        const here = new URL(page.url()).pathname;
        // The same path twice is no navigation for the router: load it instead.
        const fullLoad = reload || !fullyLoaded.has(kind) || here === url;
        if (fullLoad) {
          fullyLoaded.add(kind);
          await page.goto(`${baseUrl}${url}`);
        } else {
          await navigateInApp(page, url);
        }
        // The shell moves focus on a path change it renders, and when a redirect brings it in; a
        // client-side POP into the shell from a page outside it counts as a load (no focus move).
        const focusMoved = !fullLoad && isShellPath(expected[0]!) && (isShellPath(here) || kind !== 'stays');
        const actual = await waitForScreen(page, expected, { focusMoved });
        outcomes.push({ url, kind, expected, actual });
        // After a surprise, start the next address from a clean load; stop early if it keeps going wrong.
        reload = !expected.includes(actual);
        if (surprises().length >= 5) break;
      }
      expect(surprises()).toEqual([]);
      expect(outcomes.length).toBe(routeUrls.length);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
