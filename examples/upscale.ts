// Upscales a picture 2× with Atelier's API and the @atelier/api-client package: one call that
// waits for the run to end, then the download of its output (in the input's format).
//
//   ATELIER=http://localhost:3000 ATELIER_KEY=atk_… npx tsx examples/upscale.ts [in.jpg] [out.jpg]
//
// ATELIER_KEY is an API key: Profile → "API keys and webhooks" (Pro and higher plans).
import { randomUUID } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createAtelierClient, formDataBody, runOf, type Schema } from '@atelier/api-client';

const [input = 'examples/cat.jpg', output = 'cat-2x.jpg'] = process.argv.slice(2);
const origin = process.env.ATELIER ?? 'http://localhost:3000';
const key = process.env.ATELIER_KEY;
if (!key) throw new Error('Set ATELIER_KEY to an API key (atk_…): Profile → API keys and webhooks');

const headers = { authorization: `Bearer ${key}` };
const client = createAtelierClient({ baseUrl: `${origin}/api/v1`, headers });

// Prefer: wait=60 answers once the run has ended (200), or after 60 s with the run as it is (202).
// The Idempotency-Key makes a retry of this very request safe: it starts and charges one run.
const { data, error, response } = await client.POST('/tools/image-upscale/runs', {
  body: { image: await openAsBlob(input), upscaleType: 'crisp' },
  bodySerializer: formDataBody,
  headers: { prefer: 'wait=60', 'idempotency-key': randomUUID() },
});
if (error) throw new Error(`${response.status} ${error.error.code}: ${error.error.message}`);
let run: Schema<'Run'> = runOf(data);

// Still going after the wait (a long queue): follow the run until it ends.
while (run.status === 'queued' || run.status === 'running') {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const polled = await client.GET('/runs/{id}', { params: { path: { id: run.id } } });
  if (polled.error) throw new Error(`${polled.error.error.code}: ${polled.error.error.message}`);
  run = polled.data.run;
}
if (run.status !== 'succeeded') throw new Error(`run ${run.id} failed: ${run.error?.message}`);

// Output URLs are absolute; a run's files are its owner's, so the key goes along.
const url = run.outputs[0]!.url;
const file = await fetch(url, { headers });
if (!file.ok) throw new Error(`GET ${url}: ${file.status}`);
await writeFile(output, Buffer.from(await file.arrayBuffer()));
console.log(`run ${run.id} succeeded (credits: ${run.credits}): ${output}`);
