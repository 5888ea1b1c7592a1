// Multipart parsing and the thread that serves HTTP: how long does reading one
// upload hold the event loop? The Fetch API's `formData()` (Hono's `parseBody`, what runs used
// before) against `readMultipart` (busboy, platform/http/multipart.ts), on the same bodies
// arriving in 64 KiB network chunks. Reported: the longest event-loop stall while parsing
// (monitorEventLoopDelay, 1 ms resolution) and the total time, medians of 7 rounds.
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readMultipart } from '../src/platform/http/multipart.ts';

const CHUNK = 64 * 1024;
const ROUNDS = 7;

/** A request whose multipart body arrives in CHUNK-sized pieces, one per macrotask. */
async function uploadOf(bytes: number): Promise<() => Request> {
  const form = new FormData();
  form.append('image', new Blob([randomBytes(bytes)], { type: 'image/png' }), 'photo.png');
  form.append('prompt', 'a quiet beach');
  const source = new Request('http://localhost/', { method: 'POST', body: form });
  const body = Buffer.from(await source.arrayBuffer());
  const type = source.headers.get('content-type')!;
  return () => {
    let offset = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((r) => setImmediate(r)); // as from a socket: other work may run between
        if (offset >= body.length) return controller.close();
        controller.enqueue(body.subarray(offset, offset + CHUNK));
        offset += CHUNK;
      },
    });
    return new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: stream,
      duplex: 'half',
    } as RequestInit);
  };
}

async function measure(parse: (request: Request) => Promise<unknown>, request: () => Request) {
  const stalls: number[] = [];
  const totals: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const started = performance.now();
    await parse(request());
    totals.push(performance.now() - started);
    // The histogram learns of a stall when its timer next fires: let it, before reading.
    await new Promise((r) => setTimeout(r, 5));
    delay.disable();
    stalls.push(delay.max / 1e6);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  return { stall: median(stalls), total: median(totals) };
}

console.log('| upload | parser | longest event-loop stall (ms) | total (ms) |');
console.log('|---:|---|---:|---:|');
for (const mb of [2, 10]) {
  const request = await uploadOf(mb * 1024 * 1024);
  // Warm-up of both, so neither pays for JIT compilation in the figures.
  await new Request('http://x/', { method: 'POST', body: await request().arrayBuffer() }).arrayBuffer();
  for (const [name, parse] of [
    ['formData() (before)', (r: Request) => r.formData()],
    ['readMultipart (busboy)', (r: Request) => readMultipart(r)],
  ] as const) {
    await parse(request());
    const { stall, total } = await measure(parse, request);
    console.log(`| ${mb} MiB | ${name} | ${stall.toFixed(1)} | ${total.toFixed(0)} |`);
  }
}
