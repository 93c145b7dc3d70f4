// POST /api/auth/octo/products/availability {quantities, productId, optionId, selectedDate}.
import { getSupplier } from '@/adapters/supplier';
import { availabilityRequest } from '@/modules/catalog/availability-request';
import { checkAvailability } from '@/modules/catalog/check-availability';
import { jsonRoute } from '@/server/api/json-route';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  body: availabilityRequest,
  validationStatus: 400,
  async handle({ body }) {
    return { status: 200, body: await checkAvailability(await getSupplier(), body) };
  },
});
