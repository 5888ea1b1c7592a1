// `npm run api:generate`: writes the API documents (/api/openapi.json and the admin console's
// /api/admin/openapi.json of a throwaway app) and the client types generated from each into
// packages/api-client. A test checks they are current.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportApiDocuments } from '../apps/server/src/modules/api-docs/export-api-document.ts';
import { documentText, generateTypes } from '../packages/api-client/generate/generate-types.ts';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/api-client');
const documents = await exportApiDocuments();
for (const [document, json, types] of [
  [documents.public, 'openapi.json', 'src/schema.ts'],
  [documents.admin, 'admin-openapi.json', 'src/admin-schema.ts'],
] as const) {
  fs.writeFileSync(path.join(clientDir, json), documentText(document));
  const text = await generateTypes(document, json);
  fs.writeFileSync(path.join(clientDir, types), text);
  console.log(`packages/api-client: ${json} and ${types} (${text.split('\n').length} lines) written`);
}
