// Every name follows the reader's language (issue #25, deliverable 7): a booking made in English shows its
// product, option and ticket names in Japanese or German when read in those languages, on the booking's
// page and in "My bookings"; the names stored with the order are only a fallback (docs/decisions/0047).
import { expect, test } from './fixed-clock';
import { chooseVisit, payWith, signedInAsNewMember } from './support';

test.describe.configure({ timeout: 150_000 });

test('a booking made in English reads in Japanese and in German @once', async ({ page }) => {
  await signedInAsNewMember(page, 'names', null);
  await chooseVisit(page, 1);
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
  const reference = (await page.locator('[class*="bigReference"]').textContent())!;
  await page.goto(`/bookings/${reference}`);
  await expect(page.getByText('Main Deck · Any time of day')).toBeVisible();
  await expect(page.getByText('1 × Adult')).toBeVisible();

  await page.goto(`/ja/bookings/${reference}`);
  await expect(page.getByText('メインデッキ · 1日のお好きな時間')).toBeVisible();
  await expect(page.getByText('1 × 大人')).toBeVisible();
  await expect(page.getByText('チケット1 · 大人')).toBeVisible();
  await expect(page.getByText('Adult')).toHaveCount(0);

  await page.goto(`/de/bookings/${reference}`);
  await expect(page.getByText('Hauptdeck · Zu jeder Tageszeit')).toBeVisible();
  await expect(page.getByText('1 × Erwachsene')).toBeVisible();
  await expect(page.getByText('Ticket Nr. 1 · Erwachsene')).toBeVisible();

  await page.goto('/ja/profile');
  await page.getByRole('tab', { name: 'ご予約一覧' }).click();
  const bookings = page.getByRole('tabpanel', { name: 'ご予約一覧' });
  await expect(bookings.getByRole('heading', { name: 'メインデッキ · 1日のお好きな時間' })).toBeVisible();
  await expect(bookings.getByText(/1 × 大人/)).toBeVisible();
});
