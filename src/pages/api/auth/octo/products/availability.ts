// POST /api/auth/octo/products/availability {quantities, productId, optionId, selectedDate}.
import { getSupplier } from '@/wiring/supplier';
import { availabilityRequest } from '@/modules/catalog/availability-request';
import { checkAvailability } from '@/modules/catalog/check-availability';
import { jsonRoute } from '@/http/route';
import { serverNow } from '@/server/clock';
import { memberChoices } from '@/wiring/member-choices';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'public',
  body: availabilityRequest,
  validationStatus: 400,
  async handle({ body, req }) {
    return { status: 200, body: await checkAvailability(await getSupplier(), body, serverNow(), await memberChoices(req)) };
  },
});
