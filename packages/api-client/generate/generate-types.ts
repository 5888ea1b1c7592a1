import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

const header = (source: string) =>
  `${COMMENT_HEADER}// Generated from ${source} by \`npm run api:generate\`; do not edit by hand.\n\n`;

/**
 * The TypeScript types of an OpenAPI document (openapi-typescript), for openapi-fetch. A file
 * field (`format: binary`) is a Blob, so a multipart upload is typed as what a client sends.
 */
export async function generateTypes(document: unknown, source = 'openapi.json'): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, {
    transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
    // A field with a default may be left out of a request: it stays optional in the types.
    defaultNonNullable: false,
    // An object schema with no properties (the eraser's options) as Record<string, unknown>, not
    // Record<string, never>: intersected with a form's image field, `never` refused every upload.
    emptyObjectsUnknown: true,
    alphabetize: false,
    silent: true,
  });
  return header(source) + astToString(ast);
}

/** The document as it is checked in: two-space JSON with a final newline. */
export const documentText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;
