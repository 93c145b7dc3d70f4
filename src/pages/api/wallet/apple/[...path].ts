// /api/wallet/apple/v1/*: Apple's PassKit web service (register, list updated, latest pass, log).
import { appleWebServiceHandler } from '@/http/wallet/apple-web-service';
import { appleWebServiceDeps } from '@/wiring/wallet';

export const config = { api: { bodyParser: false } };

export default appleWebServiceHandler(appleWebServiceDeps);
