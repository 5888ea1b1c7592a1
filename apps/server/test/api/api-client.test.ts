import { createAtelierClient, formDataBody, runOf } from '@atelier/api-client';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { pngImage } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';

/**
 * A client developer's path through the generated client, typed end to end with no cast:
 * sign up, run a tool on an image, poll the run to its end, save the result to the gallery and
 * list it. Every answer is also checked against the document (test-runtime.ts).
 */

/** The data of a successful call, or a failure that shows the API's error. */
function data<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    throw new Error(`${result.response.status}: ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

describeOnEachDatabase('the generated API client', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());

  /** A client of the in-process app that keeps its session cookie, like a browser would. */
  function signedOutClient() {
    const cookies = new Map<string, string>();
    const client = createAtelierClient({
      baseUrl: `${rt.config.publicUrl}/api`,
      fetch: async (request) => {
        const url = new URL(request.url);
        const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer();
        return rt.request(`${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body });
      },
    });
    client.use({
      onRequest: ({ request }) => {
        request.headers.set('origin', rt.config.publicUrl);
        if (cookies.size) request.headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
        return request;
      },
      onResponse: ({ response }) => {
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const eq = pair.indexOf('=');
          cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
        return response;
      },
    });
    return client;
  }

  it('signs up, runs a tool on an image, polls it to the end, saves the result and lists the gallery', async () => {
    const client = signedOutClient();
    const email = `client-${kind}@example.com`;
    const signedUp = data(
      await client.POST('/auth/sign-up/email', { body: { email, password: 'correct horse battery', name: 'Client' } }),
    );
    expect(signedUp.user.email).toBe(email);
    expect(data(await client.GET('/me')).profile.credits).toBe(30);

    const image = new Blob([new Uint8Array(await pngImage(320, 240))], { type: 'image/png' });
    const started = data(
      await client.POST('/tools/ai-photo-editor/runs', {
        body: { image, editType: 'brighten', strength: 0.5 },
        bodySerializer: formDataBody,
      }),
    );
    // A run start's 200 may also be an image (`Accept: image/…`); without that header it is the run.
    let run = runOf(started);
    expect(run).toMatchObject({ tool: 'ai-photo-editor', credits: 1 });

    const runId = run.id;
    run = await vi.waitFor(
      async () => {
        const now = data(await client.GET('/runs/{id}', { params: { path: { id: runId } } })).run;
        if (now.status !== 'succeeded' && now.status !== 'failed') throw new Error(`the run is still ${now.status}`);
        return now;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(run.status).toBe('succeeded');
    const [output] = run.outputs;
    expect(output?.url).toMatch(/^https?:\/\/[^/]+\/api\/v1\/files\/runs\//);

    const saved = data(
      await client.POST('/artworks', {
        body: { runId: run.id, outputIndex: 0, prompt: 'brightened', toolType: 'ai-photo-editor', isPublic: true },
      }),
    );
    expect(saved.artwork).toMatchObject({ prompt: 'brightened', isPublic: true, toolType: 'ai-photo-editor' });

    const mine = data(await client.GET('/me/artworks'));
    expect(mine.artworks.map((artwork) => artwork.id)).toEqual([saved.artwork.id]);
    const gallery = data(await client.GET('/artworks', { params: { query: {} } }));
    expect(gallery.artworks.map((artwork) => artwork.id)).toContain(saved.artwork.id);
    expect(data(await client.GET('/me')).profile.credits).toBe(29);
  });

  it('reads a refusal as the typed Error body, fields named', async () => {
    const client = signedOutClient();
    data(
      await client.POST('/auth/sign-up/email', {
        body: { email: `client-errors-${kind}@example.com`, password: 'correct horse battery', name: 'Client' },
      }),
    );
    const { error, response } = await client.POST('/tools/image-generation/runs', {
      body: { prompt: 'p'.repeat(4001) },
    });
    expect(response.status).toBe(400);
    expect(error?.error.code).toBe('VALIDATION_ERROR');
    expect(error?.error.issues).toEqual([{ field: 'prompt', problem: 'too_long', limit: 4000 }]);
  });
});
