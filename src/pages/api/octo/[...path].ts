// /octo/* (rewritten here by next.config.ts): our OCTO API for resellers.
import { handleOcto } from '@/http/octo/handler';

export const config = { api: { bodyParser: false } };

export default handleOcto;
