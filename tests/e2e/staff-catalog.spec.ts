// The catalogue as managers edit it (decision 0055), in Chromium: a manager adds a slot to the Sunrise
// Experience (its last slot from 06:30 to 07:00), sees a capacity of 0 refused at its field, translates the
// product's French name (the missing text flagged, the preview reading English until it is filled), saves,
// and a visitor of /fr/products reads the new name; then the manager sets both back for the other specs of
// this shared server. A manager uploads a product photo (not saved: the draft only).
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations } from './support';
import { signedInAsStaff } from './staff-support';

test('a manager adds a slot and translates a product on /staff/catalog @once', async ({ page, browser }) => {
  test.slow();
  await signedInAsStaff(page, 'manager-12@staff.example');
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Ticket catalogue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket catalogue' })).toBeVisible();
  await expectNoAxeViolations(page);

  const sunrise = page.getByRole('group', { name: 'Sunrise, Friday to Sunday' });
  const lastSlot = sunrise.getByLabel('Last slot');
  await expect(lastSlot).toHaveValue('06:30');
  const save = page.getByRole('button', { name: /^Save as version \d+$/ });
  const saveName = (await save.textContent())!;

  // Refused at its field: nothing saved.
  const capacity = sunrise.getByLabel('Places per slot');
  await capacity.fill('0');
  await page.getByLabel('Reason for the change').fill('A second sunrise slot, French name');
  await save.click();
  const refusal = page.getByRole('alert').filter({ hasText: 'The catalogue was not saved' });
  await expect(refusal).toContainText('Sunrise Experience › Sunrise, Friday to Sunday › Places per slot: Must be at least 1.');
  await expect(capacity).toHaveAccessibleDescription('Must be at least 1.');
  await expect(save).toHaveText(saveName);
  await capacity.fill('10');

  // A slot added: the last one at 07:00.
  await lastSlot.fill('07:00');

  // The French name, emptied then filled: flagged as missing meanwhile, the preview in English.
  await page.getByLabel('Language of the texts').selectOption('fr');
  const french = page.getByRole('group', { name: 'Texts in Français' }).nth(3);
  const name = french.getByLabel('Name');
  const original = await name.inputValue();
  await name.fill('');
  await expect(name).toHaveAccessibleDescription(/Missing in Français/);
  await expect(page.getByLabel('Language of the texts').locator('option[value="fr"]')).toHaveText('Français (missing: 1)');
  const preview = page.getByRole('group', { name: 'Preview of the products page in Français' });
  await expect(preview).toContainText('Sunrise Experience');
  await name.fill('Lever de soleil au sommet');
  await expect(preview).toContainText('Lever de soleil au sommet');

  await save.click();
  await expect(page.getByRole('status').filter({ hasText: /^Version \d+ saved: it is in force now\.$/ })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Sunrise, Friday to Sunday' }).getByLabel('Last slot')).toHaveValue('07:00');
  await expect(page.getByRole('region', { name: 'Version history' }).getByRole('row').nth(1)).toContainText('A second sunrise slot, French name');
  await expectNoAxeViolations(page);

  // A visitor reads the French name on the products page.
  const visitor = await browser.newPage();
  await visitor.goto('/fr/products');
  await expect(visitor.getByText('Lever de soleil au sommet')).toBeVisible();
  await visitor.close();

  // Set back for the other specs of this server.
  await page.getByRole('group', { name: 'Sunrise, Friday to Sunday' }).getByLabel('Last slot').fill('06:30');
  await page.getByLabel('Language of the texts').selectOption('fr');
  await page.getByRole('group', { name: 'Texts in Français' }).nth(3).getByLabel('Name').fill(original);
  await page.getByLabel('Reason for the change').fill('Back as before');
  await page.getByRole('button', { name: /^Save as version \d+$/ }).click();
  await expect(page.getByRole('region', { name: 'Version history' }).getByRole('row').nth(1)).toContainText('Back as before');
});

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('a manager uploads a product photo: its address fills the field and the preview shows it; a non-image is refused @own-viewport', async ({ page }, testInfo) => {
  await signedInAsStaff(page, 'manager-11@staff.example');
  await page.goto('/staff/catalog');
  const upload = page.getByLabel('Upload a photo').first();
  // A text file named like a photo: refused at the field, the photo unchanged.
  const photo = page.getByLabel('Photo (address of the image)').first();
  const before = await photo.inputValue();
  await upload.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(upload).toHaveAccessibleDescription(/The file is not a JPEG, PNG or WebP image\./);
  await expect(photo).toHaveValue(before);
  await upload.setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('status').filter({ hasText: 'Photo uploaded' })).toBeVisible();
  await expect(photo).toHaveValue(/^\/api\/images\/products\/[0-9a-f]{64}\.png$/);
  const url = await photo.inputValue();
  const preview = page.getByRole('group', { name: /^Preview of the products page/ });
  await expect(preview.locator(`img[src*="${encodeURIComponent(url)}"]`)).toHaveCount(1);
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await upload.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`catalog-photo-${width}.png`) });
  }
  await expectNoAxeViolations(page);
});
