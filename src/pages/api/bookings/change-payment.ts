// POST /api/bookings/change-payment {bookingId, changeId}: the member is back from paying a change's
// difference (the card form, Stripe's return): its payment is completed through the one path, if the
// gateway says it is paid, and the change's state is answered. The booking page calls it on return; its GET
// only reads. Someone else's booking or change answers as unknown.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { changeOfOrder, completeChangePayment } from '@/modules/bookings/change-payment';
import { memberBooking } from '@/modules/bookings/member-booking';
import { paymentById } from '@/modules/payments/ledger';
import { AppError } from '@/server/errors';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

const body = z.strictObject({ bookingId: z.string().min(1).max(100), changeId: z.string().min(1).max(100) });

export default jsonRoute({
  method: 'POST',
  access: 'member',
  signInMessage: 'signInForBookings',
  body,
  validationStatus: 400,
  async handle({ caller, body: { bookingId, changeId } }) {
    const deps = await getCheckoutDeps();
    const order = await memberBooking(deps.db, caller.userId, bookingId);
    const change = await changeOfOrder(deps.db, order.id, changeId);
    if (!change?.paymentId) throw new AppError('NOT_FOUND', 'noPaymentSession');
    const { gatewaySessionId } = await paymentById(deps.db, change.paymentId);
    const { change: after, outcome } = await completeChangePayment(deps, gatewaySessionId);
    return { status: 200, body: { changeId: after.id, status: after.status, outcome } };
  },
});
