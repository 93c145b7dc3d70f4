// Apple's push service over HTTP/2 (node:http2), authenticated by the pass type certificate and its key
// (client TLS). A pass update push is an empty JSON body to /3/device/{token} with the pass type id as
// apns-topic. One connection per push job, closed by close().
import http2 from 'node:http2';
import type { ApplePushService } from '@/ports/wallet-push';

export type ApnsOptions = {
  /** https://api.push.apple.com, or a local stand-in in tests. */
  baseUrl: string;
  cert: string;
  key: string;
  passphrase?: string;
  /** Authorities trusted for the server (tests); Node's own otherwise. */
  ca?: string;
  timeoutMs?: number;
};

export function createApnsPushService(options: ApnsOptions): ApplePushService {
  let session: http2.ClientHttp2Session | undefined;
  const connect = () => {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = http2.connect(options.baseUrl, { cert: options.cert, key: options.key, passphrase: options.passphrase, ca: options.ca });
    // A dropped connection is reopened by the next push; its error is the push's.
    opened.on('error', () => undefined);
    session = opened;
    return opened;
  };
  return {
    push(pushToken, topic) {
      return new Promise((resolve, reject) => {
        const stream = connect().request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(pushToken)}`,
          'apns-topic': topic,
          'apns-push-type': 'background',
          'content-type': 'application/json',
        });
        stream.setTimeout(options.timeoutMs ?? 10_000, () => stream.close(http2.constants.NGHTTP2_CANCEL));
        let status = 0;
        const chunks: Buffer[] = [];
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          let reason: string | undefined;
          try {
            reason = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as { reason?: string }).reason : undefined;
          } catch {
            reason = undefined;
          }
          if (status) resolve({ status, reason });
          else reject(new Error('APNs closed the stream without an answer'));
        });
        stream.on('error', reject);
        stream.end('{}');
      });
    },
    close() {
      session?.close();
      session = undefined;
    },
  };
}
