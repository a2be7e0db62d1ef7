import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical WCAG 2.1 A/AA violations on the page, as "rule: help (each node: target, markup, why)" lines.
 * It first waits for running transitions to end: axe weighs opacity in its contrast check, so a
 * dialog caught mid-fade (MUI fades over 225 ms) reads as faint text on a loaded host.
 */
export async function seriousViolations(page: Page, { enable = [] }: { enable?: string[] } = {}): Promise<string[]> {
  await transitionsEnded(page);
  const builder = axeBuilder(page, enable);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)} ${node.failureSummary ?? ''}`).join(', ')})`,
    );
}

/**
 * Rules axe keeps off by default that every check of this suite turns on: label-in-name (WCAG 2.5.3,
 * experimental in axe), so a control's accessible name always contains its visible text (issue 37).
 */
export const ALWAYS_ENABLED_RULES = ['label-content-name-mismatch'];

/** An axe run on `page` with ALWAYS_ENABLED_RULES and the rules named in `enable` turned on. */
export function axeBuilder(page: Page, enable: readonly string[] = []): AxeBuilder {
  const rules = [...new Set([...ALWAYS_ENABLED_RULES, ...enable])];
  return new AxeBuilder({ page }).options({ rules: Object.fromEntries(rules.map((id) => [id, { enabled: true }])) });
}

/** Waits until no finite animation or transition runs (axe reads a fading element's contrast as faint). */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}
