import fs from 'node:fs';
import path from 'node:path';
import { TOOL_IDS, toolSchemaName } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentText, generateTypes } from '../../../../packages/api-client/generate/generate-types.ts';
import { adminApiDocument } from '../../src/modules/admin/routes.ts';
import { apiKeyMayCall } from '../../src/modules/api-keys/api-key-scope.ts';
import type { BillingDeps } from '../../src/modules/billing/service.ts';
import { BEARER_API_KEY_SCHEME, SESSION_COOKIE_SCHEME } from '../../src/platform/http/api-route.ts';
import { ADMIN_API_DOCUMENT_PATH, API_DOCUMENT_PATH, type ApiDocument } from '../support/api-conformance.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';

/**
 * The API document: complete (every route the app serves under /api is in it), well-formed
 * for generated clients (a unique operationId, a tag and a security requirement on every
 * operation, named schemas), bounded (every field a client sends has a limit), and the copy in
 * packages/api-client, with the client types generated from it, current.
 */

interface SchemaObject {
  type?: string | string[];
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  properties?: Record<string, SchemaObject>;
  additionalProperties?: SchemaObject | boolean;
  items?: SchemaObject;
  allOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  required?: string[];
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema: SchemaObject }[];
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
  responses: Record<string, ResponseObject>;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: SchemaObject }>;
}
interface Document {
  openapi: string;
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, SchemaObject>;
    securitySchemes: Record<string, object>;
    responses: Record<string, ResponseObject>;
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
/** Operations that only redirect the browser (Sign in with Apple's callbacks). */
const REDIRECT_ONLY = new Set(['appleSignInCallback', 'appleSignInFormPost']);
/**
 * Answers of 400 and above that are not errors: readiness's 503 is the probe's verdict, with
 * the same body as its 200 (which checks failed), for a load balancer to read.
 */
const STATUS_NOT_AN_ERROR = new Set(['getReadiness 503']);
const HOW_TO_DOCUMENT =
  'Declare the route with apiRoute() (apps/server/src/platform/http/api-route.ts) and add it with ' +
  '`.openapi(route, handler)` instead of `.get()`/`.post()`, then run `npm run api:generate`.';

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation, name: `${method.toUpperCase()} ${path}` })),
  );

describe('the API document', () => {
  let rt: TestRuntime;
  let doc: Document;
  /** The admin console's document (/api/admin/openapi.json): held to the same rules. */
  let adminDoc: Document;
  /** Both documents, for the rules they share. */
  let both: { name: string; doc: Document; file: string; prefix: string }[];
  beforeAll(async () => {
    rt = await createTestRuntime('pglite');
    doc = (await (await rt.request('/api/openapi.json')).json()) as Document;
    const billing: BillingDeps = {
      db: rt.database.db,
      paymentProvider: rt.paymentProvider,
      publicUrl: rt.config.publicUrl,
      logger: rt.logger,
    };
    adminDoc = (await adminApiDocument({ db: rt.database.db, billing })) as Document;
    both = [
      { name: 'openapi.json', doc, file: API_DOCUMENT_PATH, prefix: '/api' },
      { name: 'admin-openapi.json', doc: adminDoc, file: ADMIN_API_DOCUMENT_PATH, prefix: '/api/admin' },
    ];
  });
  afterAll(() => rt?.close());

  it('is OpenAPI 3.1 with a session-cookie security scheme and named schemas', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes[SESSION_COOKIE_SCHEME]).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const names = Object.keys(doc.components.schemas);
    for (const name of ['Run', 'RunOutput', 'Artwork', 'Profile', 'Plan', 'ApiError', 'ErrorCode', 'ToolId']) {
      expect(names, name).toContain(name);
    }
    // Every tool's body is named: its form where it takes images, its JSON where it can do without.
    for (const tool of TOOL_IDS) {
      expect(names.filter((name) => name.startsWith(toolSchemaName(tool, 'Run'))).length, tool).toBeGreaterThan(0);
    }
  });

  it('documents the bearer scheme exactly on the operations an API key may call, with a curl example per tool', () => {
    expect(doc.components.securitySchemes[BEARER_API_KEY_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
    const mismatched: string[] = [];
    for (const { path, method, operation, name } of operationsOf(doc)) {
      const documented = (operation.security ?? []).some((s) => BEARER_API_KEY_SCHEME in s);
      const concrete = (path.startsWith('/files/') ? path : `/api${path}`).replace(/\{[^}]+\}/g, 'x');
      const isPublic = (operation.security ?? []).length === 0;
      if (!isPublic && documented !== apiKeyMayCall(method, concrete)) mismatched.push(name);
    }
    expect(mismatched, 'apiKey: true on the route ⇔ allowed in api-keys/api-key-scope.ts').toEqual([]);
    for (const tool of TOOL_IDS) {
      const operation = doc.paths[`/tools/${tool}/runs`]?.post as { description?: string } | undefined;
      const description = operation?.description ?? '';
      expect(description, tool).toContain(`curl -X POST "$ATELIER/api/v1/tools/${tool}/runs"`);
    }
    const info = (doc as unknown as { info: { description: string } }).info.description;
    for (const topic of [
      'Authorization: Bearer',
      'sign-up/email',
      'sign-in/email',
      'startBatch',
      'webhook-signature',
    ]) {
      expect(info).toContain(topic);
    }
  });

  it('gives every operation a unique readable operationId, one known tag and a security requirement', () => {
    const seen = new Map<string, string>();
    for (const { doc } of both) {
      const tags = new Set(doc.tags.map((t) => t.name));
      for (const { name, operation } of operationsOf(doc)) {
        const id = operation.operationId;
        expect(id, `${name} has no operationId`).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(seen.get(id!), `${name} repeats the operationId of ${seen.get(id!)}`).toBeUndefined();
        seen.set(id!, name);
        expect(operation.tags, `${name}: one tag of the document's tags`).toHaveLength(1);
        expect(tags.has(operation.tags![0]!), `${name}: tag ${operation.tags![0]} is not in the document's tags`).toBe(
          true,
        );
        expect(operation.security, `${name} says nothing about security`).toBeDefined();
      }
    }
  });

  it('answers every error of every operation with the Error schema, and every operation has a success', () => {
    for (const { name, operation, doc } of both.flatMap(({ doc }) => operationsOf(doc).map((o) => ({ ...o, doc })))) {
      const statuses = Object.keys(operation.responses);
      if (!REDIRECT_ONLY.has(operation.operationId!)) {
        expect(
          statuses.some((s) => s.startsWith('2')),
          `${name} has no 2xx answer`,
        ).toBe(true);
      }
      for (const status of statuses.filter(
        (s) => Number(s) >= 400 && !STATUS_NOT_AN_ERROR.has(`${operation.operationId} ${s}`),
      )) {
        let response = operation.responses[status]!;
        if (response.$ref) response = doc.components.responses[response.$ref.split('/').pop()!]!;
        const schema = response.content?.['application/json']?.schema;
        expect(schema, `${name} ${status}`).toEqual({ $ref: '#/components/schemas/ApiError' });
      }
    }
  });

  it('describes every route the app serves under /api', () => {
    const served = new Set(
      rt.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
        .map((r) => `${r.method} ${r.path.replace(/:([^/]+)/g, '{$1}')}`),
    );
    const documented = new Set(
      both.flatMap(({ doc, prefix }) =>
        operationsOf(doc).map(({ method, path }) => `${method.toUpperCase()} ${prefix}${path}`),
      ),
    );
    const missing = [...served].filter((route) => !documented.has(route));
    expect(missing, `Served under /api but not in /api/openapi.json. ${HOW_TO_DOCUMENT}`).toEqual([]);
  });

  it('serves every operation it describes (files outside /api)', () => {
    const patterns = rt.app.routes
      .filter((r) => r.method !== 'ALL' && !r.path.endsWith('*'))
      .map((r) => ({ method: r.method, pattern: new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`) }));
    const wildcards = rt.app.routes.filter((r) => r.path.endsWith('/*') && r.method === 'GET').map((r) => r.path);
    for (const { method, path, name } of operationsOf(doc)) {
      const url = `${path.startsWith('/files/') ? '' : '/api'}${path.replace(/\{[^}]+\}/g, 'x')}`;
      const served =
        patterns.some((p) => p.method === method.toUpperCase() && p.pattern.test(url)) ||
        (method === 'get' && wildcards.some((w) => url.startsWith(w.slice(0, -1))));
      expect(served, `${name} is documented but no route serves it`).toBe(true);
    }
  });

  it('refuses a request without a session (401) on every operation that requires one', async () => {
    const needsSession = operationsOf(doc).filter(
      ({ operation }) =>
        operation.security?.length && operation.security.every((requirement) => SESSION_COOKIE_SCHEME in requirement),
    );
    expect(needsSession.length).toBeGreaterThan(30);
    for (const { method, path, name } of needsSession) {
      const url = `/api${path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`;
      const res = await rt.request(url, { method: method.toUpperCase() });
      expect(res.status, `${name} without a session`).toBe(401);
    }
  });

  it('bounds every field a client sends: strings by length, numbers by range, lists by count', () => {
    const unbounded: string[] = [];
    for (const { doc } of both) {
      const visit = (schema: SchemaObject | undefined, at: string, seen: Set<string>) => {
        if (!schema) return;
        if (schema.$ref) {
          const name = schema.$ref.split('/').pop()!;
          if (!seen.has(name)) visit(doc.components.schemas[name], at, new Set(seen).add(name));
          return;
        }
        for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
          visit(part, at, seen);
        }
        const types = [schema.type ?? []].flat();
        const chosen = schema.enum !== undefined || schema.const !== undefined;
        // A uuid is 36 characters by its format; a file is bounded by the upload limits.
        const boundedByFormat = schema.format === 'uuid' || schema.format === 'binary';
        if (types.includes('string') && !chosen && schema.maxLength === undefined && !boundedByFormat) {
          unbounded.push(`${at}: a string without maxLength`);
        }
        if ((types.includes('number') || types.includes('integer')) && !chosen) {
          if (schema.minimum === undefined || schema.maximum === undefined)
            unbounded.push(`${at}: a number without a range`);
        }
        if (types.includes('array') && schema.maxItems === undefined) unbounded.push(`${at}: a list without maxItems`);
        for (const [key, property] of Object.entries(schema.properties ?? {})) visit(property, `${at}.${key}`, seen);
        if (typeof schema.additionalProperties === 'object') visit(schema.additionalProperties, `${at}.*`, seen);
        if (schema.items) visit(schema.items, `${at}[]`, seen);
      };
      for (const { operation } of operationsOf(doc)) {
        for (const parameter of operation.parameters ?? []) {
          visit(parameter.schema, `${operation.operationId} ${parameter.in} ${parameter.name}`, new Set());
        }
        for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
          visit(media.schema, `${operation.operationId} ${type}`, new Set());
        }
      }
    }
    expect(unbounded, 'Set a bound in packages/contracts (src/limits.ts holds the lengths)').toEqual([]);
  });

  it('documents every tool run with one typed, closed body: a form with its images or JSON', () => {
    const schemaOf = (ref: string) => doc.components.schemas[ref.replace('#/components/schemas/', '')]!;
    for (const tool of TOOL_IDS) {
      const operation = doc.paths[`/tools/${tool}/runs`]?.post;
      expect(operation?.operationId).toBe(`start${toolSchemaName(tool, 'Run')}`);
      // One media type per operation, so a generated call has one body type.
      const content = Object.entries(operation?.requestBody?.content ?? {});
      expect(content.length, tool).toBe(1);
      const [[type, media]] = content as [[string, { schema: SchemaObject }]];
      const body = schemaOf(media.schema.$ref ?? '');
      expect(body.additionalProperties, `${tool}: unknown fields are refused`).toBe(false);
      if (type === 'multipart/form-data') {
        const files = Object.values(body.properties ?? {}).filter((property) => property.format === 'binary');
        expect(files.length, `${tool}: its image fields as binary strings`).toBeGreaterThan(0);
      }
      // No Accept parameter: the responses' media types say what may be asked for.
      expect(operation?.parameters?.map((p) => p.name) ?? []).not.toContain('accept');
    }
    // An upload or an earlier run's output, never both, for a tool that chains.
    const upscaleForm = schemaOf('#/components/schemas/ImageUpscaleRunForm');
    expect(upscaleForm.oneOf).toEqual([{ required: ['image'] }, { required: ['inputRunId'] }]);
    expect(Object.keys(doc.paths['/tools/image-generation/runs']!.post!.requestBody!.content)).toEqual([
      'application/json',
    ]);
    // startRun takes every tool's JSON, an earlier run's output standing for the image.
    const anyTool = doc.paths['/tools/{tool}/runs']!.post!.requestBody!.content;
    expect(Object.keys(anyTool)).toEqual(['application/json']);
    expect(schemaOf('#/components/schemas/ImageUpscaleRunJson').required).toEqual(['inputRunId']);
  });

  it('links what an operation creates to the operations that read it, each link to a real operation', () => {
    const operations = new Set(operationsOf(doc).map(({ operation }) => operation.operationId));
    const linksOf = (path: string, method: string, status: string) =>
      (doc.paths[path]?.[method]?.responses[status] as { links?: Record<string, { operationId: string }> })?.links ??
      {};
    const targets = (path: string, method: string, status: string) =>
      Object.values(linksOf(path, method, status)).map((link) => link.operationId);
    expect(targets('/tools/image-upscale/runs', 'post', '202')).toContain('getRun');
    expect(targets('/tools/{tool}/batches', 'post', '202')).toEqual(['getBatch', 'getBatchArchive']);
    expect(targets('/artworks', 'post', '201')).toContain('updateArtwork');
    expect(targets('/teams', 'post', '201')).toContain('getTeam');
    expect(targets('/me/api-keys', 'post', '201')).toEqual(['rollApiKey', 'deleteApiKey']);
    for (const { operation } of operationsOf(doc)) {
      for (const response of Object.values(operation.responses)) {
        for (const link of Object.values(
          (response as { links?: Record<string, { operationId: string }> }).links ?? {},
        )) {
          expect(operations.has(link.operationId), `${operation.operationId} → ${link.operationId}`).toBe(true);
        }
      }
    }
  });

  it('gives each operation its own example Idempotency-Key', () => {
    const examples = operationsOf(doc).flatMap(({ operation }) =>
      (operation.parameters ?? [])
        .filter((p) => p.name === 'Idempotency-Key')
        .map((p) => (p as { example?: string }).example),
    );
    expect(examples.length).toBeGreaterThan(10);
    expect(new Set(examples).size).toBe(examples.length);
  });

  it('is the copy in packages/api-client, and the client types are generated from it', async () => {
    const stale = 'packages/api-client is out of date: run `npm run api:generate` and commit what it writes';
    for (const { name, doc, file } of both) {
      expect(fs.readFileSync(file, 'utf8'), `${name}: ${stale}`).toBe(documentText(doc));
      const typesFile = name === 'openapi.json' ? 'src/schema.ts' : 'src/admin-schema.ts';
      const types = fs.readFileSync(path.join(path.dirname(file), typesFile), 'utf8');
      expect(types, `${typesFile}: ${stale}`).toBe(await generateTypes(doc as unknown as ApiDocument, name));
    }
  });
});
