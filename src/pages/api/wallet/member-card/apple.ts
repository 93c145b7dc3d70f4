// GET /api/wallet/member-card/apple: the signed-in member's membership card as an Apple Wallet pass
// (.pkpass, decision 0043), kept up to date through the PassKit web service; 404 when Apple Wallet is not
// configured.
import { jsonRoute } from '@/http/route';
import { appleWebServiceUrl, passAuthenticationToken } from '@/modules/wallet/apple-web-service';
import { appleMemberCardPass, memberCardSerial, walletMemberCard } from '@/modules/wallet/member-wallet-card';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { appleWebServiceDeps } from '@/wiring/wallet';

export default jsonRoute({
  method: 'GET',
  access: 'member',
  signInMessage: 'signInForMembership',
  async handle({ caller }) {
    const service = await appleWebServiceDeps();
    if (!service) throw new AppError('NOT_FOUND', 'notFound');
    const db = await getDb();
    const now = serverNow();
    const shown = await walletMemberCard(db, caller.userId, now);
    if (!shown) throw new AppError('NOT_FOUND', 'notFound');
    const serial = await memberCardSerial(db, caller.userId, now);
    const webService = { url: appleWebServiceUrl(service.siteUrl), authenticationToken: passAuthenticationToken(service.secret, serial) };
    const pass = appleMemberCardPass(shown.card, serial, service.config, shown.labels, { webService });
    return { status: 200, body: pass, download: { filename: 'member-card.pkpass', contentType: 'application/vnd.apple.pkpass' } };
  },
});
