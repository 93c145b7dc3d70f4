// GET /api/bookings/apple-pass?booking={reference or id}&ticket={ticket reference}: the Apple Wallet pass
// (.pkpass) of one ticket of the member's confirmed booking; 404 when Apple Wallet is not configured.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { bookingKey } from '@/modules/bookings/change-request';
import { memberBooking } from '@/modules/bookings/member-booking';
import { appleWalletPass } from '@/modules/wallet/apple-wallet';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { serverT } from '@/server/i18n';
import { isLocale } from '@/config/locales';
import { appleWalletConfig } from '@/wiring/wallet';

const query = z.object({ booking: bookingKey, ticket: bookingKey });

export default jsonRoute({
  method: 'GET',
  access: 'member',
  signInMessage: 'signInForBookings',
  validationStatus: 400,
  async handle({ caller, req }) {
    const config = appleWalletConfig();
    if (!config) throw new AppError(404, 'NOT_FOUND', 'notFound');
    const { booking, ticket } = query.parse(req.query);
    const order = await memberBooking(await getDb(), caller.userId, booking);
    if (order.status !== 'CONFIRMED' || !(order.tickets ?? []).some((t) => t.reference === ticket)) throw new AppError(404, 'NOT_FOUND', 'bookingNotFound');
    const t = serverT(isLocale(order.locale) ? order.locale : 'en', 'booking');
    const pass = appleWalletPass(order, ticket, config, { reference: t('reference'), when: t('when'), ticket: t('wallet.ticket'), address: t('wallet.address') });
    return { status: 200, body: pass, download: { filename: `${ticket}.pkpass`, contentType: 'application/vnd.apple.pkpass' } };
  },
});
