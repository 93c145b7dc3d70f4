// GET /api/images/products/<sha256>.<ext>: a product photo a manager uploaded (decision 0055, "Uploaded
// photos"), with its type and a year's cache (its name is its content's hash: it never changes). A name
// that is not such a hash (a `..`, a slash, another folder) is a 404; nothing outside the photos' folder is read.
import { jsonRoute } from '@/http/route';
import { readPhoto } from '@/modules/catalog/product-photos';
import { getEnv } from '@/server/env';

export default jsonRoute({
  method: 'GET',
  access: 'public',
  async handle({ req }) {
    const name = typeof req.query.file === 'string' ? req.query.file : '';
    const photo = readPhoto(getEnv().DATA_DIR, name);
    return { status: 200, body: photo.bytes, inline: { contentType: photo.contentType, cacheControl: 'public, max-age=31536000, immutable' } };
  },
});
