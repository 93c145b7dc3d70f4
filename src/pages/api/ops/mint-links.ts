// POST /api/ops/mint-links {dropId, qrHashes}: the operator loads a drop's POAP mint links (the qr_hash
// list POAP gives for its event), so that the POAP issuer has links to hand out. Links already loaded
// are kept as they are. Authorization: Bearer OPS_API_KEY (npm run ops -- load-mint-links).
import { z } from 'zod';
import { DROPS } from '@/config/drops';
import { addMintLinks } from '@/wiring/collectibles';
import { jsonRoute } from '@/http/route';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

const body = z.strictObject({
  dropId: z.string().refine((id) => DROPS.some((d) => d.id === id), 'unknownDrop'),
  qrHashes: z.array(z.string().trim().regex(/^[A-Za-z0-9]{4,64}$/, 'qrHashFormat')).min(1).max(5000),
});

export default jsonRoute({
  method: 'POST',
  access: 'operator',
  body,
  limitBytes: 512 * 1024,
  async handle({ body: { dropId, qrHashes } }) {
    const added = await addMintLinks(dropId, [...new Set(qrHashes)]);
    return { status: 200, body: { dropId, added, alreadyLoaded: new Set(qrHashes).size - added } };
  },
});
