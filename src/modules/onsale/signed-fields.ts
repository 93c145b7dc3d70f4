// A few fields signed with the site's secret (HMAC-SHA256), for the queue's pass and ticket (decision 0056,
// 0061): `<base64url of JSON [fields]>.<base64url of the HMAC of purpose:payload>`. The purpose keeps one kind
// of token from being read as another.
import crypto from 'node:crypto';

const mac = (purpose: string, payload: string, secret: string) => crypto.createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url');

export function signFields(purpose: string, fields: unknown[], secret: string): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${mac(purpose, payload, secret)}`;
}

/** The fields of a token signed for `purpose` with `secret`; undefined when it is missing, malformed or forged. */
export function readSignedFields(purpose: string, token: string | undefined, secret: string): unknown[] | undefined {
  if (!token || token.length > 400) return undefined;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return undefined;
  const wanted = Buffer.from(mac(purpose, payload, secret));
  const given = Buffer.from(signature);
  if (wanted.length !== given.length || !crypto.timingSafeEqual(wanted, given)) return undefined;
  try {
    const fields: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return Array.isArray(fields) ? fields : undefined;
  } catch {
    return undefined;
  }
}
