import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settleAnimations } from './browser.ts';

/** The WCAG 2.0 and 2.1 A and AA rules: the level the product promises. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type AxeContext = {
  /** Names the screen in the failure message ("admin /reporting/ at 600 px"). Defaults to the URL. */
  name?: string;
  /** CSS selectors to check only; the whole page by default. */
  include?: string | string[];
  /** CSS selectors to leave out (a third-party widget, say). */
  exclude?: string | string[];
};

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Runs axe on what the page shows now and lists each serious or critical violation: its rule,
 * impact, help text and the selectors of the elements at fault. Minor and moderate findings are
 * left out.
 * @param context a name for the message, or the name plus the parts of the page to check
 */
export const findSeriousViolations = async (page: Page, context: string | AxeContext = {}): Promise<string[]> => {
  const { include, exclude } = typeof context === 'string' ? {} : context;
  // Colour contrast read during a fade is a false finding that comes and goes: check the settled page.
  await settleAnimations(page);
  // Legacy mode runs axe in the page itself. The default mode finishes each run in a new page of
  // its own, which doubles the time per check; it exists for cross-origin frames, and ours have none.
  let builder = new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode(true);
  for (const selector of asList(include)) builder = builder.include(selector);
  for (const selector of asList(exclude)) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.map(String).join(' >> '));
      return `${violation.id} (${violation.impact}): ${violation.help} — ${targets.join(', ')}`;
    });
};

/** Fails the test when axe finds a serious or critical violation on the page as shown now. */
export const expectNoSeriousViolations = async (page: Page, context: string | AxeContext = {}) => {
  const name = typeof context === 'string' ? context : (context.name ?? page.url());
  expect(await findSeriousViolations(page, context), `axe found serious or critical violations on ${name}`).toEqual([]);
};
