// POST /api/staff/catalog/images: a manager uploads a product photo (decision 0055, "Uploaded photos"). The
// body is the file's bytes as they are (any Content-Type; the kind is told by the bytes), at most 2 MB: a
// JPEG, PNG or WebP is kept under DATA_DIR/images/products/<sha256>.<ext> and answered {url, name,
// contentType, bytes}; the url goes in the product's photo field. Anything else is refused (413, 415),
// nothing kept. Audited `catalog.photo`.
import { jsonRoute } from '@/http/route';
import { readFileBody } from '@/http/read-json-body';
import { PHOTO_MAX_BYTES, storePhoto } from '@/modules/catalog/product-photos';
import { recordAudit } from '@/modules/staff/audit-log';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'manager',
  async handle({ req, caller }) {
    const bytes = await readFileBody(req, PHOTO_MAX_BYTES, new AppError('PAYLOAD_TOO_LARGE', 'photoTooLarge', { limit: `${PHOTO_MAX_BYTES / 1024 / 1024} MB` }));
    const photo = storePhoto(getEnv().DATA_DIR, bytes);
    await recordAudit(await getDb(), {
      actor: { kind: 'staff', userId: caller.userId, email: caller.email },
      action: 'catalog.photo',
      target: photo.name,
      after: { url: photo.url, contentType: photo.contentType, bytes: photo.bytes },
    });
    return { status: 201, body: photo };
  },
});
