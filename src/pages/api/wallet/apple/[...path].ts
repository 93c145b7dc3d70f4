// /api/wallet/apple/v1/*: Apple's PassKit web service (register, list updated, latest pass, log).
import { observed } from '@/http/observed';
import { appleWebServiceHandler } from '@/http/wallet/apple-web-service';
import { appleWebServiceDeps } from '@/wiring/wallet';

export const config = { api: { bodyParser: false } };

export default observed('/api/wallet/apple/[...path]', appleWebServiceHandler(appleWebServiceDeps));
