import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// The media library: upload an image, insert it into a post from the post editor's picker, see
// where it is used, and have its deletion refused while the post shows it.
let server: RunningServer;
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('an uploaded image is inserted into a post, shows where it is used, and cannot be deleted while used', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/apps/gallery');
  await page.getByRole('heading', { level: 1, name: 'Gallery' }).waitFor();
  await page.getByTestId('gallery-empty').waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#1b5e20' } })
    .png()
    .toBuffer();
  await page.getByRole('button', { name: 'Upload image' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload an image' });
  // Named .jpg on purpose: the server goes by the content (a PNG) and keeps it a PNG.
  await upload.getByTestId('gallery-file-input').setInputFiles({ name: 'field-trip.jpg', mimeType: 'image/jpeg', buffer: png });
  await upload.getByRole('textbox', { name: 'Alt text' }).fill('Pupils on the field trip');
  expect(await seriousViolations(page)).toEqual([]);
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await upload.waitFor({ state: 'hidden' });
  const item = page.getByTestId('gallery-item').filter({ hasText: 'field-trip.jpg' });
  await item.waitFor();
  expect(await item.getByTestId('gallery-usage').textContent()).toBe('Not used');
  const src = await item.locator('img').getAttribute('src');
  expect(src).toMatch(/^\/api\/brand-assets\/[0-9a-f]{64}\.png$/);
  await eventually(() => item.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);

  // The post editor's picker inserts the image's Markdown.
  await page.goto('/configurations?tab=news-posts');
  await page.getByRole('button', { name: 'New post' }).click();
  const form = page.getByTestId('archive-post-form');
  await form.getByRole('textbox', { name: 'Title' }).fill('Field trip');
  await form.getByRole('textbox', { name: 'Text (Markdown)' }).fill('What a day.');
  await form.getByRole('button', { name: 'Insert from gallery' }).click();
  const picker = page.getByRole('dialog', { name: 'Insert an image from the gallery' });
  await picker.getByRole('button', { name: 'Insert Pupils on the field trip' }).click();
  await picker.waitFor({ state: 'hidden' });
  expect(await form.getByRole('textbox', { name: 'Text (Markdown)' }).inputValue()).toBe(
    `What a day.\n\n![Pupils on the field trip](${src})`,
  );
  await form.getByRole('tab', { name: 'Preview' }).click();
  await form.getByTestId('archive-post-preview').getByRole('img', { name: 'Pupils on the field trip' }).waitFor();
  await form.getByRole('button', { name: 'Save post' }).click();
  await page.getByText('Post saved').waitFor();

  // The library names the post; deleting is refused while it is used.
  await page.goto('/apps/gallery');
  await eventually(() => item.getByTestId('gallery-usage').textContent()).toBe('Post: Field trip');
  await item.getByRole('button', { name: 'Delete field-trip.jpg' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await eventually(() => confirm.textContent()).toContain('This image is in use (the post "Field trip")');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await item.waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // A phone: one column, no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  // The frame settles into its phone layout a moment after the resize.
  await eventually(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
  await context.close();
});
