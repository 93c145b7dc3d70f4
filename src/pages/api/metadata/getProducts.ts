// GET /api/metadata/getProducts: the ticket products in the visitor's language (SPEC.md section 7).
import { getSupplier } from '@/adapters/supplier';
import { listProducts } from '@/modules/catalog/list-products';
import { jsonRoute } from '@/server/api/json-route';
import { AppError } from '@/server/errors';

export default jsonRoute({
  method: 'GET',
  async handle({ locale }) {
    try {
      return { status: 200, body: await listProducts(await getSupplier(), locale) };
    } catch (error) {
      console.error('[getProducts] supplier failed', error);
      throw new AppError(502, 'SUPPLIER_FAILED', 'The ticket products could not be loaded. Please try again.');
    }
  },
});
