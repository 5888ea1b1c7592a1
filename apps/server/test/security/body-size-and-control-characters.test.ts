import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { REQUEST_BODY_MAX_BYTES, type Run } from '@atelier/contracts';
import { type ServerType, serve } from '@hono/node-server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_ROUTES } from '../../src/app.ts';
import { API_DOCUMENT_PATH, type ApiDocument } from '../support/api-conformance.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { paintingEngine } from '../support/fake-engines.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { requestToolRun, runToEnd, waitForRun } from '../support/tool-runs.ts';
import { as, postJson, signUpTestAdmin, signUpTestUser, type TestUser, withPlan } from '../support/users.ts';
import { expectRefusedLosingNothing, holdings } from './losses.ts';

/**
 * Hostile input, sent as an attacker would: bodies too large to hold, and text that could break
 * what stores, shows or runs it. Every refusal is checked to have lost nothing: no row, no
 * credit, no file (losses.ts).
 */

const PUBLIC_URL = 'http://localhost:3000';
const FIVE_MB = 5 * 1024 * 1024;
const ENV = {
  ENGINE_IMAGE_UPSCALE: 'demo',
  RUN_SWEEP_INTERVAL_SECONDS: '3600',
  // Apple's callback exists (nothing is sent to Apple in these tests).
  APPLE_CLIENT_ID: 'app.atelier.test',
  APPLE_CLIENT_SECRET: 'apple-secret',
};

/** A request body of `size` bytes that is made only as it is read, counting what was read. */
function lazyBody(size: number, chunk = 64 * 1024) {
  let produced = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= size) return controller.close();
      controller.enqueue(new Uint8Array(chunk).fill(0x61));
      produced += chunk;
    },
  });
  return { stream, produced: () => produced };
}

/** A PNG of noise (it does not compress) of about `bytes`. */
async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describeOnEachDatabase('body sizes and control characters', (kind) => {
  let rt: TestRuntime;
  let ada: TestUser;
  let boss: TestUser;

  beforeAll(async () => {
    // Image generation on a fake provider: its runs are charged, so a refusal that charged would show.
    rt = await createTestRuntime(kind, ENV, { engines: [paintingEngine('image-generation')] });
    ada = await withPlan(rt, await signUpTestUser(rt));
    boss = await signUpTestAdmin(rt);
  });
  afterAll(() => rt?.close());

  const json = (user: TestUser | null, body: unknown, method = 'POST'): RequestInit => {
    const init = { ...postJson(body), method };
    return user ? as(user, init) : init;
  };

  describe('request bodies', () => {
    /** A JSON POST of `size` bytes, with its Content-Length. */
    const bigJson = (user: TestUser | null, size: number, method = 'POST'): RequestInit => {
      const body = `{"name":"${'a'.repeat(size - 11)}"}`;
      const init: RequestInit = {
        method,
        headers: { 'content-type': 'application/json', 'content-length': String(body.length), origin: PUBLIC_URL },
        body,
      };
      return user ? as(user, init) : init;
    };

    it('answers a 5 MB JSON body 413 PAYLOAD_TOO_LARGE on every kind of route, losing nothing', async () => {
      const routes: [string, TestUser | null, string?][] = [
        ['/api/auth/sign-in/email', null],
        ['/api/auth/sign-up/email', null],
        ['/api/auth/sign-in/username', null],
        ['/api/auth/request-password-reset', null],
        ['/api/me', ada, 'PATCH'],
        ['/api/me/api-keys', ada],
        ['/api/artworks', ada],
        ['/api/referrals/redeem', ada],
        ['/api/billing/discount-codes/check', ada],
        ['/api/billing/webhooks/stripe', null],
        ['/api/tools/image-generation/runs', ada],
        ['/api/security/heartbeat', ada],
        [`/api/admin/users/${ada.userId}/credits`, boss],
        ['/api/nothing-here', null],
      ];
      for (const [path, user, method] of routes) {
        await expectRefusedLosingNothing(rt, () => rt.request(path, bigJson(user, FIVE_MB, method)), {
          status: 413,
          code: 'PAYLOAD_TOO_LARGE',
        });
      }
    });

    it('takes a body at the limit to the route (which then judges it)', async () => {
      const res = await rt.request('/api/auth/sign-in/email', bigJson(null, REQUEST_BODY_MAX_BYTES));
      expect(res.status).toBe(400);
    });

    it('stops reading a chunked body (no Content-Length) once it passes the limit', async () => {
      for (const path of ['/api/auth/sign-in/email', '/api/me/api-keys', `/api/admin/users/${ada.userId}/credits`]) {
        const body = lazyBody(256 * 1024 * 1024);
        const init = as(ada, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: body.stream,
          duplex: 'half',
        } as RequestInit);
        await expectRefusedLosingNothing(rt, () => rt.request(path, init), { status: 413, code: 'PAYLOAD_TOO_LARGE' });
        // The 256 MB were never made: the limit and a chunk or two read ahead, no more.
        expect(body.produced()).toBeLessThanOrEqual(REQUEST_BODY_MAX_BYTES + 4 * 64 * 1024);
      }
    });

    it('over a socket: answers by Content-Length before the body is sent, and a chunked one once past the limit', async () => {
      const server: ServerType = serve({ fetch: rt.app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const { port } = server.address() as AddressInfo;
      const answer = (headers: Record<string, string>, send: (req: http.ClientRequest) => void) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = http.request(
            { host: '127.0.0.1', port, path: '/api/auth/sign-in/email', method: 'POST', headers },
            (res) => {
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (d) => {
                body += d;
              });
              res.on('end', () => {
                req.destroy();
                resolve({ status: res.statusCode ?? 0, body });
              });
            },
          );
          req.on('error', reject);
          send(req);
        });
      try {
        const headers = { 'content-type': 'application/json', origin: PUBLIC_URL };
        // 250 MB announced, not one byte sent: the answer comes anyway.
        const announced = await answer({ ...headers, 'content-length': String(250 * 1024 * 1024) }, (req) =>
          req.flushHeaders(),
        );
        expect(announced.status).toBe(413);
        expect(JSON.parse(announced.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });

        // Chunked: sent until the answer comes, which is soon after the first megabyte.
        let sent = 0;
        const chunked = await answer(headers, (req) => {
          const chunk = Buffer.alloc(64 * 1024, 0x61);
          const more = () => {
            while (sent < 8 * REQUEST_BODY_MAX_BYTES && !req.destroyed) {
              sent += chunk.length;
              if (!req.write(chunk)) return req.once('drain', more);
            }
          };
          more();
        });
        expect(chunked.status).toBe(413);
        expect(sent).toBeLessThan(8 * REQUEST_BODY_MAX_BYTES);
      } finally {
        server.close();
      }
    });

    it('names as upload routes exactly the operations of the API document that take multipart bodies', () => {
      const document = JSON.parse(fs.readFileSync(API_DOCUMENT_PATH, 'utf8')) as ApiDocument;
      const multipart = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([, operation]) => 'multipart/form-data' in (Reflect.get(operation, 'requestBody')?.content ?? {}))
          .map(([method]) => ({ method: method.toUpperCase(), path: `/api${path.replace(/\{[^}]+\}/g, 'x')}` })),
      );
      const isUpload = (op: { method: string; path: string }) =>
        UPLOAD_ROUTES.some((route) => route.method === op.method && route.path.test(op.path));
      expect(multipart.filter((op) => !isUpload(op))).toEqual([]);
      for (const route of UPLOAD_ROUTES) {
        expect(
          multipart.some((op) => op.method === route.method && route.path.test(op.path)),
          String(route.path),
        ).toBe(true);
      }
    });

    it('keeps the upload limits: a 2 MB image goes to its run; 2 MB of multipart anywhere else is 413', async () => {
      const image = await noisePng(2 * 1024 * 1024);
      expect(image.length).toBeGreaterThan(2 * REQUEST_BODY_MAX_BYTES);
      const run = await runToEnd(rt, ada, 'image-upscale', runForm({}, { image }));
      expect(run.status).toBe('succeeded');

      for (const path of ['/api/auth/sign-in/email', '/api/me/api-keys', '/api/tools/image-upscale/runs/x']) {
        const form = runForm({ email: 'a@example.com' }, { image });
        await expectRefusedLosingNothing(rt, () => rt.request(path, as(ada, { method: 'POST', body: form })), {
          status: 413,
          code: 'PAYLOAD_TOO_LARGE',
        });
      }
    });
  });

  describe('text that could break what stores, shows or runs it', () => {
    const refused = (field: string) => ({ status: 400, code: 'VALIDATION_ERROR', field });

    it('refuses NUL, ESC, BEL, C1 controls and lone surrogates in names at sign-up, creating no account', async () => {
      for (const name of [
        'Ada\u0000',
        'Ada\u001b[2J',
        'Ada\u0007',
        'Ada\u009b',
        'Ada\ud800',
        'Ada\u202egnp.exe',
        'A\nB',
      ]) {
        const email = `mallory${randomBytes(4).toString('hex')}@example.com`;
        await expectRefusedLosingNothing(
          rt,
          () => rt.request('/api/auth/sign-up/email', json(null, { email, password: 'correct horse battery', name })),
          refused('name'),
        );
      }
      // What people type is welcome.
      const zoe = await signUpTestUser(rt, { name: 'Zoë 張偉 😀 مرحبا' });
      expect(zoe.userId).toBeTruthy();
    });

    it('refuses them in usernames, API key names, codes and admin searches', async () => {
      const cases: [string, RequestInit, string][] = [
        ['/api/auth/sign-in/username', json(null, { username: 'ada\u0000', password: 'x' }), 'username'],
        ['/api/me', json(ada, { username: 'ada\u0000' }, 'PATCH'), 'username'],
        ['/api/me', json(ada, { username: '\u202eada' }, 'PATCH'), 'username'],
        ['/api/me/api-keys', json(ada, { name: 'ci\u0000' }), 'name'],
        ['/api/me/api-keys', json(ada, { name: 'ci\u202etxt.exe' }), 'name'],
        ['/api/referrals/redeem', json(ada, { code: 'AB\u0000CDEF' }), 'code'],
        ['/api/billing/discount-codes/check', json(ada, { code: 'AB\u0000CDEF' }), 'code'],
        ['/api/admin/users?q=%00', as(boss), 'q'],
        ['/api/admin/users?q=a%1Bb', as(boss), 'q'],
        [`/api/admin/users/${ada.userId}/credits`, json(boss, { delta: 5, reason: 'gift\u0000' }), 'reason'],
        ['/api/admin/users/%00', as(boss), 'id'],
        ['/api/security/sessions/%00', as(ada, { method: 'DELETE' }), 'id'],
        ['/api/runs?cursor=%00', as(ada), 'cursor'],
      ];
      for (const [path, init, field] of cases) {
        await expectRefusedLosingNothing(rt, () => rt.request(path, init), refused(field));
      }
    });

    it('refuses a prompt with NUL, ESC or BEL before any credit is charged; tabs and line breaks are text', async () => {
      for (const prompt of ['a cat\u0000', 'a cat \u001b[31mred', 'a cat\u0007', 'a cat \u0085', 'a cat \udc00']) {
        await expectRefusedLosingNothing(
          rt,
          () => requestToolRun(rt, ada, 'image-generation', { prompt }),
          refused('prompt'),
        );
      }
      await expectRefusedLosingNothing(
        rt,
        () => requestToolRun(rt, ada, 'image-generation', { prompt: 'a cat', negative_prompt: 'dogs\u0000' }),
        refused('negative_prompt'),
      );
      const image = await pngImage();
      await expectRefusedLosingNothing(
        rt,
        () =>
          requestToolRun(rt, ada, 'image-to-image', runForm({ prompt: 'a cat', negative_prompt: '\u009b' }, { image })),
        refused('negative_prompt'),
      );
      const run = await runToEnd(rt, ada, 'image-generation', { prompt: 'a cat\n\tin a hat\r\n' });
      expect(run.status).toBe('succeeded');
      expect(run.options.prompt).toBe('a cat\n\tin a hat');
    });

    it('refuses an artwork whose prompt carries NUL, saving nothing', async () => {
      const run = await runToEnd(rt, ada, 'image-generation', { prompt: 'a fox' });
      const save = (prompt: string) =>
        rt.request(
          '/api/artworks',
          json(ada, { runId: run.id, outputIndex: 0, prompt, toolType: 'image-generation', isPublic: true }),
        );
      await expectRefusedLosingNothing(rt, () => save('a fox\u0000'), refused('prompt'));
      expect((await save('a fox')).status).toBe(201);
    });

    it("refuses Apple's callback naming a person with control characters (the name Better Auth would store)", async () => {
      // Better Auth takes the callback whole (it would send this on with a redirect): the guard answers first.
      const user = JSON.stringify({ name: { firstName: 'Ada\u0000', lastName: 'L' }, email: 'a@example.com' });
      const form = new URLSearchParams({ code: 'c', state: 's', user });
      await expectRefusedLosingNothing(
        rt,
        () =>
          rt.request('/api/auth/callback/apple', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com' },
            body: form.toString(),
          }),
        refused('user'),
      );
    });

    it('refuses a webhook URL that leads inward, in any spelling, before any credit is charged', async () => {
      for (const webhookUrl of [
        'http://[::127.0.0.1]/',
        'http://[::ffff:7f00:1]/',
        'http://[64:ff9b::7f00:1]/',
        'http://[2002:7f00:1::]/',
        'http://2130706433/',
        'http://0x7f.1/',
        'http://localhost./',
        'http://evil.example@127.0.0.1/',
      ]) {
        await expectRefusedLosingNothing(
          rt,
          () => requestToolRun(rt, ada, 'image-generation', { prompt: 'a cat', webhookUrl }),
          { status: 400, code: 'WEBHOOK_URL_NOT_ALLOWED', field: 'webhookUrl', problem: 'invalid' },
        );
      }
    });

    it('leaves no run of the refused requests behind', async () => {
      const res = await rt.request('/api/runs', as(ada));
      const { runs } = (await res.json()) as { runs: Run[] };
      for (const run of runs) await waitForRun(rt, ada, run.id);
      // The runs are the ones that were meant to run: the upload, the multi-line prompt and the fox.
      expect(runs.map((r) => r.tool).sort()).toEqual(['image-generation', 'image-generation', 'image-upscale']);
      expect((await holdings(rt)).runs).toBe(3);
    });
  });
});
