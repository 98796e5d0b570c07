import axe from 'axe-core';

/** The WCAG 2.0 and 2.1 A and AA rules: the level the product promises (as the e2e checks). */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious or critical axe findings in what a component test rendered, one line each (rule,
 * impact, help, the elements at fault). Colour contrast is left to the e2e checks: jsdom lays
 * nothing out, so it cannot be measured here.
 */
export const seriousAxeViolations = async (root: Element = document.body): Promise<string[]> => {
  const { violations } = await axe.run(root, { runOnly: { type: 'tag', values: wcagTags }, rules: { 'color-contrast': { enabled: false } } });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.map(String).join(' >> ')).join(', ')}`);
};
