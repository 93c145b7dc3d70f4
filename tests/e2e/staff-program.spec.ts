// The program as managers edit it, and the member desk (decision 0044), in Chromium: a manager tries a
// Regular threshold below zero on /staff/program (refused at its field, nothing saved), gives Local Legends
// one more extra ticket per booking, sees the new version in force and in the history, then sets it back;
// then looks a member up, reads their booking and adjusts their points, never below zero. The e2e server is
// shared with the other specs: the saved change is a perk no other spec uses, and not a threshold, whose
// change would recompute every member's tier under the other specs' feet.
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations } from './support';
import { paidOrder, signedInAsStaff } from './staff-support';

test('a manager edits the program on /staff/program and looks a member up @once', async ({ page, baseURL }) => {
  test.slow();
  const { order, email } = await paidOrder(baseURL!, 1);
  await signedInAsStaff(page, 'manager-10@staff.example');
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Program' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ambassador program' })).toBeVisible();
  await expectNoAxeViolations(page);

  const visits = page.getByRole('group', { name: 'Regular' }).getByLabel('Visits to reach it');
  await expect(visits).toHaveValue('2');
  const save = page.getByRole('button', { name: /^Save as version \d+$/ });
  const saveName = (await save.textContent())!;

  // Refused at its field: nothing saved, the same version still to be saved.
  await visits.fill('-1');
  await page.getByLabel('Reason for the change').fill('Legends bring one more');
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: 'The program was not saved' })).toContainText('Regular › Visits to reach it: Must be at least 0.');
  await expect(visits).toHaveAccessibleDescription('Must be at least 0.');
  // The list of problems takes the focus, so a manager at the Save button reads it.
  await expect(page.getByRole('alert').filter({ hasText: 'The program was not saved' })).toBeInViewport();
  await expect(save).toHaveText(saveName);

  await visits.fill('2');
  const legendExtra = page.getByRole('group', { name: 'Local Legend' }).getByLabel('Extra tickets per booking');
  await expect(legendExtra).toHaveValue('2');
  await legendExtra.fill('3');
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved as version \d+, in force now\.$/ })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Local Legend' }).getByLabel('Extra tickets per booking')).toHaveValue('3');
  const newest = page.getByRole('region', { name: 'Version history' }).getByRole('row').nth(1);
  await expect(newest).toContainText('manager-10@staff.example');
  await expect(newest).toContainText('Legends bring one more');

  // Set back for the other specs of this server.
  await page.getByRole('group', { name: 'Local Legend' }).getByLabel('Extra tickets per booking').fill('2');
  await page.getByLabel('Reason for the change').fill('Back to two');
  await page.getByRole('button', { name: /^Save as version \d+$/ }).click();
  await expect(page.getByRole('region', { name: 'Version history' }).getByRole('row').nth(1)).toContainText('Back to two');

  // The member desk: found by e-mail, the only match opens.
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Members' }).click();
  await page.getByLabel('E-mail or name').fill(email);
  await page.getByRole('button', { name: 'Find members' }).click();
  await expect(page.getByRole('heading', { name: 'Members found: 1' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(email.replace(/[.+]/g, '\\$&')) })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bookings' })).toContainText(order.reference);
  await expectNoAxeViolations(page);

  await page.getByLabel('Points to add or take away').fill('250');
  await page.getByLabel('Reason for the adjustment').fill('Lost ticket at the door');
  await page.getByRole('button', { name: 'Adjust the points' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Points adjusted. New balance: 250.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Points history' }).getByRole('row').filter({ hasText: 'Lost ticket at the door' })).toContainText('+250');

  await page.getByLabel('Points to add or take away').fill('-1000');
  await page.getByLabel('Reason for the adjustment').fill('Too much');
  await page.getByRole('button', { name: 'Adjust the points' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'below zero' })).toContainText('This would take the balance below zero: the member has 250 points, 1000 cannot be taken');
});
