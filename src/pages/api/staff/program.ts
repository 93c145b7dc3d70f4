// GET/POST /api/staff/program: the program in force and its history; a manager's save of the whole
// document as the next version (decision 0044). The route is the versioned documents' (http/versioned-document-route.ts).
import { versionedDocumentRoute } from '@/http/versioned-document-route';
import { programDocument } from '@/modules/program/program-document';

export const config = { api: { bodyParser: false } };

export default versionedDocumentRoute(programDocument, { invalidKey: 'programInvalid', limitBytes: 128 * 1024 });
