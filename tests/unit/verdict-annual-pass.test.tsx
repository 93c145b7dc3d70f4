// @vitest-environment jsdom
// The gate's verdict on a visit booked with an annual pass (decision 0051): the ordinary verdict, plus
// "Annual pass", in the page's language; a bought ticket's verdict does not say it.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import staffEn from '../../locales/en/staff.json';
import passesEn from '../../locales/en/passes.json';
import staffJa from '../../locales/ja/staff.json';
import passesJa from '../../locales/ja/passes.json';
import { I18nProvider } from '@/client/i18n';
import { VerdictPanel } from '@/components/staff/VerdictPanel';
import type { GateBooking } from '@/modules/gate/scan-ticket';

const booking = (annualPass: boolean): GateBooking => ({
  reference: 'SKY-ABC123',
  productId: 'main-deck',
  optionId: 'main-deck-day',
  slotStart: '2027-05-12T15:00:00.000Z',
  slotEnd: '2027-05-12T16:00:00.000Z',
  availabilityId: '2027-05-12T11:00:00-04:00',
  status: 'CONFIRMED',
  tickets: [{ reference: 'TKT-ABCDEFGH', unitId: 'adult', admittedAt: '2027-05-12T15:05:00.000Z', admittedBy: 'gate-1@staff.example', gate: 'North' }],
  annualPass,
  addons: [],
});

function show(annualPass: boolean, locale = 'en', namespaces: Record<string, object> = { staff: staffEn, passes: passesEn }) {
  render(
    <I18nProvider value={{ locale, namespaces: namespaces as never }}>
      <VerdictPanel verdict={{ verdict: 'VALID', booking: booking(annualPass), admitted: ['TKT-ABCDEFGH'] }} />
    </I18nProvider>,
  );
}

describe('the gate verdict of an annual pass visit', () => {
  afterEach(cleanup);

  it('says "Annual pass" for a visit booked with one', () => {
    show(true);
    expect(screen.getByRole('alert').textContent).toContain('Annual pass');
  });

  it('says nothing of a pass for a bought ticket', () => {
    show(false);
    expect(screen.getByRole('alert').textContent).not.toContain('Annual pass');
  });

  it('says it in the page language', () => {
    show(true, 'ja', { staff: staffJa, passes: passesJa });
    expect(screen.getByRole('alert').textContent).toContain('年間パス');
  });
});
