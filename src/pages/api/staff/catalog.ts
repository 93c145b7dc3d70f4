// GET/POST /api/staff/catalog: the catalogue in force and its history; a manager's save of the whole
// document as the next version (decision 0055). The route is the versioned documents' (http/versioned-document-route.ts).
import { versionedDocumentRoute } from '@/http/versioned-document-route';
import { catalogDocument } from '@/modules/catalog/catalog-document';

export const config = { api: { bodyParser: false } };

export default versionedDocumentRoute(catalogDocument, { invalidKey: 'catalogInvalid', limitBytes: 512 * 1024 });
