// GET /api/metadata/getProducts: the ticket products in the visitor's language (docs/product.md#calls).
import { getSupplier } from '@/wiring/supplier';
import { listProducts } from '@/modules/catalog/list-products';
import { jsonRoute } from '@/http/route';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';

export default jsonRoute({
  method: 'GET',
  access: 'public',
  async handle({ locale }) {
    try {
      return { status: 200, body: await listProducts(await getSupplier(), locale) };
    } catch (error) {
      log.error('[getProducts] supplier failed', { error });
      throw new AppError('SUPPLIER_FAILED', 'productsFailed');
    }
  },
});
