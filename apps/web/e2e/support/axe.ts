import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The serious and critical WCAG 2.1 A/AA violations on the page, as "rule: help" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}
