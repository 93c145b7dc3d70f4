// /octo/* (rewritten here by next.config.ts): our OCTO API for resellers.
import { handleOcto } from '@/http/octo/handler';
import { observed } from '@/http/observed';

export const config = { api: { bodyParser: false } };

export default observed('/api/octo/[...path]', handleOcto);
