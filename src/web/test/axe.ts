/**
 * The accessibility check of web tests: axe-core on the rendered DOM, answered as the rules broken and
 * the elements breaking them, so a failed `toEqual([])` says what to fix. jsdom computes neither
 * layout nor colours: contrast is checked in Chromium (tests/e2e, the bench's Lighthouse), not here.
 * Frames are not entered: a preview's frame holds the server's page, checked in Chromium too.
 */
import axe from 'axe-core';

export async function axeViolations(root: Element = document.body): Promise<{ id: string; nodes: string[] }[]> {
  const result = await axe.run(root, { iframes: false, rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.html) }));
}
