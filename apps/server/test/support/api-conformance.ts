import fs from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API_V1_PREFIX } from '@atelier/contracts';
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';

/**
 * Checks answers of the API against its OpenAPI document (the checked-in copy, which
 * api-document.test.ts keeps equal to /api/openapi.json): the status must be one the operation
 * lists, and a JSON body must match that answer's schema. Every integration test's request
 * goes through it (test-runtime.ts), so a route that answers what its document does not say
 * fails the tests that call it.
 */

interface MediaType {
  schema?: object;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId: string;
  responses: Record<string, ResponseObject>;
}
export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, ResponseObject> };
}

const require = createRequire(import.meta.url);
export const API_DOCUMENT_PATH = require.resolve('@atelier/api-client/openapi.json');
/** The admin console's own document (/api/admin/openapi.json, admins only). */
export const ADMIN_API_DOCUMENT_PATH = require.resolve('@atelier/api-client/admin-openapi.json');
const readDocument = (file: string): ApiDocument => JSON.parse(fs.readFileSync(file, 'utf8'));

/** A documented path as a pattern: `{id}` matches one segment. */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);

export class ApiConformance {
  private readonly operations: { method: string; path: string; pattern: RegExp; operation: Operation }[];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

  /** `prefixes`: where the document's paths are served (its `servers` url, and an alias), longest first. */
  constructor(
    private readonly document: ApiDocument,
    private readonly prefixes: readonly string[],
  ) {
    this.operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method, path, pattern: pathPattern(path), operation })),
    );
    // Concrete paths before templated ones, as OpenAPI matches them.
    this.operations.sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
  }

  /** The operation a request reaches: paths under the prefix without it, files as they are. */
  find(method: string, pathname: string) {
    const prefix = this.prefixes.find((p) => pathname.startsWith(`${p}/`));
    const path = prefix ? pathname.slice(prefix.length) : pathname;
    return this.operations.find((o) => o.method === method.toLowerCase() && o.pattern.test(path));
  }

  /** What is wrong with an answer, or undefined when it matches (or reaches no operation). */
  async problem(method: string, url: URL, response: Response): Promise<string | undefined> {
    const found = this.find(method, url.pathname);
    if (!found) return undefined;
    const { operation } = found;
    const status = String(response.status);
    const declared = this.resolve(
      operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default,
    );
    const where = `${method} ${url.pathname} (${operation.operationId}) answered ${status}`;
    if (!declared) {
      return `${where}, which its operation does not list (it lists ${Object.keys(operation.responses).join(', ')})`;
    }
    const type = response.headers.get('content-type')?.split(';')[0]?.trim();
    if (!declared.content || !type) return undefined;
    const media = declared.content[type] ?? declared.content[`${type.split('/')[0]}/*`];
    if (!media) {
      return `${where} with ${type}, not one of ${Object.keys(declared.content).join(', ')}`;
    }
    if (type !== 'application/json' || !media.schema) return undefined;
    const body: unknown = JSON.parse(await decodedText(response.clone()));
    const validate = this.validator(`${operation.operationId} ${status}`, media.schema);
    if (validate(body)) return undefined;
    return `${where} with a body that does not match its schema: ${describe(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`;
  }

  /** What is wrong with `value` as the named schema of the document (`components.schemas`), or undefined. */
  schemaProblem(name: string, value: unknown): string | undefined {
    const validate = this.validator(`schema ${name}`, { $ref: `#/components/schemas/${name}` });
    return validate(value) ? undefined : describe(validate.errors);
  }

  /** A response, or the shared one (components.responses) it refers to. */
  private resolve(response: ResponseObject | undefined): ResponseObject | undefined {
    const name = response?.$ref?.replace('#/components/responses/', '');
    return name ? this.document.components.responses?.[name] : response;
  }

  private validator(key: string, schema: object): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      // `#/components/...` references resolve against the document's components.
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/**
 * Both documents: requests under /api/admin against the admin console's, every other one
 * against the public document.
 */
/** The public document's checks (a webhook body against its schema …). */
export const publicApiConformance = () => new ApiConformance(readDocument(API_DOCUMENT_PATH), [API_V1_PREFIX, '/api']);

export function apiConformance() {
  // The document's server is /api/v1; the unversioned /api is its alias.
  const publicApi = publicApiConformance();
  const adminApi = new ApiConformance(readDocument(ADMIN_API_DOCUMENT_PATH), ['/api/admin']);
  return {
    problem: (method: string, url: URL, response: Response) =>
      (url.pathname.startsWith('/api/admin/') ? adminApi : publicApi).problem(method, url, response),
  };
}

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}`).join('; ');

/** The body as the browser reads it: compressed answers (platform/http/compression.ts) decoded. */
async function decodedText(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return gunzipSync(bytes).toString();
  return bytes.toString();
}
