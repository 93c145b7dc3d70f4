// POST /api/auth/octo/products/addons {productId, optionId, availabilityId}: the add-ons offered with the
// choice, their price and what is left for that time (decision 0050).
import { jsonRoute } from '@/http/route';
import { addonOffer, addonOfferRequest } from '@/modules/catalog/addon-offer';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { ownsInventory } from '@/wiring/supplier';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'public',
  body: addonOfferRequest,
  validationStatus: 400,
  async handle({ body }) {
    return { status: 200, body: await addonOffer(await getDb(), ownsInventory(), body, serverNow()) };
  },
});
