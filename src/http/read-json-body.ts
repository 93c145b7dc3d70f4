// Reads a JSON request body with a size limit, so that huge or malformed bodies get a clear 4xx.
import type { IncomingMessage } from 'node:http';
import { AppError } from '@/server/errors';

const tooLarge = (limitBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', 'bodyTooLarge', { limit: limitBytes });

function readRaw(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit we keep draining (so the answer can still be sent) but keep nothing.
      if (size <= limitBytes) chunks.push(chunk);
    });
    req.on('end', () => (size > limitBytes ? reject(tooLarge(limitBytes)) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

export async function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'sendJson');
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);
  const raw = await readRaw(req, limitBytes);
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', 'notValidJson');
  }
}

/** A body that is a file, not JSON (a product photo): its bytes, at most `limitBytes` (else the error given). */
export async function readFileBody(req: IncomingMessage, limitBytes: number, tooLargeError: AppError): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLargeError;
  try {
    return await readRaw(req, limitBytes);
  } catch (error) {
    throw error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE' ? tooLargeError : error;
  }
}
