import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical WCAG 2.1 A/AA violations on the page, as "rule: help (each node: target, markup, why)" lines.
 * It first waits for running transitions to end: axe weighs opacity in its contrast check, so a
 * dialog caught mid-fade (MUI fades over 225 ms) reads as faint text on a loaded host.
 */
export async function seriousViolations(page: Page, { enable = [] }: { enable?: string[] } = {}): Promise<string[]> {
  await transitionsEnded(page);
  const builder = new AxeBuilder({ page });
  // Rules axe keeps off by default (experimental ones such as label-content-name-mismatch), turned on by name.
  if (enable.length > 0) builder.options({ rules: Object.fromEntries(enable.map((id) => [id, { enabled: true }])) });
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)} ${node.failureSummary ?? ''}`).join(', ')})`,
    );
}

/** Waits until no finite animation or transition runs (axe reads a fading element's contrast as faint). */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}
