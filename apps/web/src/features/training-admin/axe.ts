import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe on what is rendered and fails with each violation's rule and nodes. Colour contrast is
 * left to the end-to-end checks in a real browser (jsdom lays nothing out and paints nothing).
 */
export const expectNoAxeViolations = async (container: Element = document.body) => {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  const problems = results.violations.map((violation) => `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.html).join('\n  ')}`);
  expect(problems).toEqual([]);
};
