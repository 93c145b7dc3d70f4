// GET /api/bookings/apple-pass?booking={reference or id}&ticket={ticket reference}: the Apple Wallet pass
// (.pkpass) of one ticket of the member's confirmed booking; 404 when Apple Wallet is not configured.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { bookingKey } from '@/modules/bookings/change-request';
import { memberBooking } from '@/modules/bookings/member-booking';
import { appleWalletPass } from '@/modules/wallet/apple-wallet';
import { appleWebServiceUrl, passAuthenticationToken } from '@/modules/wallet/apple-web-service';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { serverT } from '@/server/i18n';
import { isLocale } from '@/config/locales';
import { appleWebServiceDeps } from '@/wiring/wallet';

const query = z.object({ booking: bookingKey, ticket: bookingKey });

export default jsonRoute({
  method: 'GET',
  access: 'member',
  signInMessage: 'signInForBookings',
  validationStatus: 400,
  async handle({ caller, req }) {
    const service = await appleWebServiceDeps();
    if (!service) throw new AppError('NOT_FOUND', 'notFound');
    const { booking, ticket } = query.parse(req.query);
    const order = await memberBooking(await getDb(), caller.userId, booking);
    if (order.status !== 'CONFIRMED' || !(order.tickets ?? []).some((t) => t.reference === ticket)) throw new AppError('NOT_FOUND', 'bookingNotFound');
    const t = serverT(isLocale(order.locale) ? order.locale : 'en', 'booking');
    const labels = { reference: t('reference'), when: t('when'), ticket: t('wallet.ticket'), address: t('wallet.address') };
    // The pass asks the PassKit web service for its updates: a change or a cancellation voids it.
    const webService = { url: appleWebServiceUrl(service.siteUrl), authenticationToken: passAuthenticationToken(service.secret, ticket) };
    const pass = appleWalletPass(order, ticket, service.config, labels, { webService });
    return { status: 200, body: pass, download: { filename: `${ticket}.pkpass`, contentType: 'application/vnd.apple.pkpass' } };
  },
});
