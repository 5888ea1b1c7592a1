// `npm run api:generate`: writes the API document (/api/openapi.json of a throwaway app) and
// the client's types generated from it into packages/api-client. A test checks both are current.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportApiDocument } from '../apps/server/src/modules/api-docs/export-api-document.ts';
import { documentText, generateTypes } from '../packages/api-client/generate/generate-types.ts';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/api-client');
const document = await exportApiDocument();
fs.writeFileSync(path.join(clientDir, 'openapi.json'), documentText(document));
const types = await generateTypes(document);
fs.writeFileSync(path.join(clientDir, 'src/schema.ts'), types);
console.log(`packages/api-client: openapi.json and src/schema.ts (${types.split('\n').length} lines) written`);
