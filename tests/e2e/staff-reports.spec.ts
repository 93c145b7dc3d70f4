// The managers' reports in Chromium: charts drawn (a canvas with its accessible name), the figures in a
// table next to each, today's sale in them, a CSV downloaded with its header. The page passes axe; a gate
// user reads that it is for managers only.
import fs from 'node:fs';
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations } from './support';
import { paidOrder, signedInAsStaff } from './staff-support';

test('a manager reads the reports and downloads a CSV @once', async ({ page, baseURL }) => {
  await paidOrder(baseURL!, 2);
  await signedInAsStaff(page, test.info().project.name === 'mobile-375' ? 'manager-7@staff.example' : 'manager-8@staff.example');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  const salesChart = page.getByRole('img', { name: /^Sales and refunds by day, / });
  await expect(salesChart).toBeVisible();
  for (const name of [/^Net revenue by product/, /^Net revenue by channel/, /^Tickets admitted, no-shows/, /^Members joined by day/, /^Tokens issued by drop/]) {
    await expect(page.getByRole('img', { name })).toBeVisible();
  }
  // chart.js drew into every canvas (it loads on the client only).
  await expect(page.locator('canvas[data-drawn="true"]')).toHaveCount(6);
  // The figures: the website's row of the channel table holds at least the two tickets sold above.
  const channels = page.getByRole('table', { name: /^Net revenue by channel/ });
  const website = channels.getByRole('row').filter({ hasText: 'this website' });
  await expect(website).toBeVisible();
  expect(Number(await website.getByRole('cell').nth(2).textContent())).toBeGreaterThanOrEqual(2);
  await expect(website.getByRole('cell').nth(3)).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Sales by channel' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^skypass-sales-by-channel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('channel_id,channel,bookings,tickets,gross_minor,gross,refunds_minor,refunds,net_minor,net,currency');
  expect(csv).toMatch(/\r\nwebsite,this website,\d+,\d+,\d+,\d+\.\d\d,/);

  // Another period through the form: the address carries it.
  await page.getByLabel('From', { exact: true }).fill('2026-01-01');
  await page.getByLabel('To', { exact: true }).fill('2026-01-31');
  await page.getByRole('button', { name: 'Show the report' }).click();
  await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-31/);
  await expect(page.getByRole('img', { name: 'Sales and refunds by day, Jan 1, 2026 to Jan 31, 2026' })).toBeVisible();
  await expectNoAxeViolations(page);
});
