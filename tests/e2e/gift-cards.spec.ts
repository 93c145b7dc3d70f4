// Gift cards (docs/product.md#gift-cards): a member buys one for someone else, paid with the test card; it
// is e-mailed to them at once (delivered today); its printable page shows the code and amount; anyone
// checks its balance by code on /gift-cards; a manager sees the liability on the reports and voids it.
// The pages pass axe at 375 and 1280 px. A member pays part of a booking with a card and the rest with the
// test card (decision 0047, "Paying with a gift card").
import { expect, test } from './fixed-clock';
import { chooseVisit, expectNoAxeViolations, payWith, signedInAsNewMember, uniqueEmail } from './support';
import { signedInAsStaff } from './staff-support';

test.describe.configure({ timeout: 150_000 });

test('a member buys a gift card for someone, who receives it, prints it and checks its balance @own-viewport', async ({ page }) => {
  await page.goto('/gift-cards');
  await expect(page).toHaveTitle('Gift cards | Skyline Ambassadors');
  await expect(page.getByText('Gift cards are bought by members of the program.')).toBeVisible();

  await signedInAsNewMember(page, 'gift-giver', '/gift-cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Give a visit to Skyline Tower' })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  const recipient = uniqueEmail('gift-recipient');
  await page.getByRole('radio', { name: '$100.00' }).check();
  await expect(page.getByRole('radio', { name: 'Someone else: we e-mail it to them' })).toBeChecked();
  await page.getByLabel('Their name').fill('Bea');
  await page.getByLabel('Their e-mail address').fill(recipient);
  await page.getByLabel('Your name, as it appears on the card').fill('Ana');
  await page.getByLabel('A message on the card (optional)').fill('Happy birthday!');
  await expect(page.getByLabel('Send it on')).toHaveValue('2027-05-12');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Pay $100.00' })).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText(`Thank you! Your gift card is paid: we will e-mail it to ${recipient} on`)).toBeVisible();

  // Delivered today: the job runner sends it at once.
  let mail: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(recipient)}`)).json()) as { subject: string; text: string }[];
      mail = messages[0];
      return mail?.subject;
    }, { timeout: 20_000 })
    .toBe('Ana sent you a Skyline Tower gift card');
  expect(mail!.text).toContain('Happy birthday!');
  const code = mail!.text.match(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/)![0];

  // The printable page.
  await page.goto(`/gift-cards/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Skyline Tower gift card' })).toBeVisible();
  await expect(page.getByText('For Bea')).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print this gift card' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The balance check, as the recipient would type the code.
  await page.goto('/gift-cards');
  await page.getByLabel('Gift card code').fill(code.toLowerCase().replaceAll('-', ' '));
  await page.getByRole('button', { name: 'Check the balance' }).click();
  await expect(page.getByText('Balance: $100.00 of $100.00')).toBeVisible();
  await expect(page.getByText('Valid until May 12, 2029.')).toBeVisible();
  await page.getByLabel('Gift card code').fill('AAAA-BBBB-CCCC-DDDD');
  await page.getByRole('button', { name: 'Check the balance' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No gift card has this code. Check the code and try again.' })).toBeVisible();

  // A manager: the figures under the reports, then the card voided with a reason.
  await signedInAsStaff(page, 'manager-10@staff.example');
  await page.goto('/staff/reports');
  await expect(page.getByRole('heading', { level: 2, name: 'Gift cards' })).toBeVisible();
  await expect(page.getByText('Outstanding (liability)')).toBeVisible();
  await page.getByLabel('Gift card code').fill(code);
  await page.getByLabel('Reason (kept in the audit log)').fill('Paid with a disputed card');
  await page.getByRole('button', { name: 'Void the card' }).click();
  await expect(page.getByText(`Gift card ${code} voided: $100.00 removed from its balance.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/gift-cards');
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Check the balance' }).click();
  await expect(page.getByText('Balance: $0.00 of $100.00')).toBeVisible();
  await expect(page.getByText('This gift card was cancelled.')).toBeVisible();
});

test('a member pays part of a booking with a gift card and the rest with the test card @once', async ({ page }, testInfo) => {
  const email = await signedInAsNewMember(page, 'gift-spender', null);
  // A $25.00 card for themselves, paid with the test card through the API the buy page calls.
  const bought = await (await page.request.post('/api/gift-cards/buy', { data: { amount: 2500, recipient: null, senderName: 'Ana', deliverOn: '2027-05-12' } })).json();
  const paid = await page.request.post('/api/payments/test/pay', { data: { sessionId: bought.paymentSession.id, card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } } });
  expect(paid.ok()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      const messages = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[];
      code = messages.find((m) => m.subject === 'Your Skyline Tower gift card')?.text.match(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/)?.[0] ?? '';
      return code;
    }, { timeout: 20_000 })
    .not.toBe('');

  // One adult on the Main Deck ($44.00): the card pays $25.00, the test card the $19.00 left.
  await chooseVisit(page, 1);
  await page.getByLabel('Gift card code (optional)').fill(code.toLowerCase());
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByLabel('Gift card code (optional)').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`gift-card-step-${width}.png`) });
    await expectNoAxeViolations(page);
  }
  await page.getByRole('complementary', { name: 'Your visit' }).getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Paid with gift card')).toBeVisible();
  await expect(page.getByText('−$25.00')).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
  await expect(page.getByText('Paid with gift card')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/gift-cards');
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Check the balance' }).click();
  await expect(page.getByText('Balance: $0.00 of $25.00')).toBeVisible();
});
