// POST /api/staff/sell {productId, optionId, quantities, selectedTime, email?, payment}: a sale at the box
// office (decision 0053). Cash: paid into the caller's open till, confirmed at once, with the change to give.
// Card: the gateway's session for the counter's card form (POST /api/staff/sell/pay).
import { jsonRoute } from '@/http/route';
import { counterSaleRequest } from '@/modules/box-office/sale-request';
import { sellAtCounter } from '@/modules/box-office/sell';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'boxoffice',
  body: counterSaleRequest,
  async handle({ caller, body, locale }) {
    return { status: 201, body: await sellAtCounter(await getCheckoutDeps(), caller, body, locale) };
  },
});
