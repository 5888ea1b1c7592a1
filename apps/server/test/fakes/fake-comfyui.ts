import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { WebSocket, WebSocketServer } from 'ws';
import { readBody } from './request-body.ts';

/**
 * A stand-in for a self-hosted ComfyUI, built from its documented API and
 * `server.py`: multipart `/upload/image` (a duplicate name becomes "name (1).png" unless the
 * bytes are the same), `/prompt` with ComfyUI's validation (every node needs a class_type; an
 * unknown class, a missing input, a dangling link, a checkpoint it does not have or an image it
 * was not given is refused with `{error, node_errors}`), one prompt executed at a time with its
 * messages on the submitting client's socket only (`/ws?clientId=`): `execution_start`,
 * `executing` per node, `progress` per KSampler step, a binary preview frame, `executed`,
 * `execution_success`, then `executing {node: null}` once the history is written, as ComfyUI's
 * prompt worker does. Outputs are real PNGs of the latent's size (sides floored to multiples of
 * 8, as a VAE decodes them) and batch. `/history`, `/queue`, `/view`, `/interrupt`. Test code only.
 */

type Link = [string, number];
type Inputs = Record<string, unknown>;
interface PromptNode {
  class_type?: unknown;
  inputs?: Inputs;
}
type Graph = Record<string, PromptNode>;

export interface RecordedPrompt {
  id: string;
  clientId: string | undefined;
  prompt: Graph;
}

export interface RecordedUpload {
  name: string;
  type: string;
  data: Buffer;
}

interface HistoryFile {
  filename: string;
  subfolder: string;
  type: string;
}

interface HistoryEntry {
  prompt: unknown[];
  outputs: Record<string, { images: HistoryFile[] }>;
  status: { status_str: 'success' | 'error'; completed: boolean; messages: [string, object][] };
}

export interface FakeComfyUI {
  /** What COMFYUI_URL points at: http://127.0.0.1:port */
  baseUrl: string;
  /** The files in models/checkpoints. */
  checkpoints: string[];
  uploads: RecordedUpload[];
  prompts: RecordedPrompt[];
  /** The bodies of `POST /interrupt` calls. */
  interrupts: unknown[];
  /** Per prompt id, the `value` of every progress message sent. */
  progressSent: Map<string, number[]>;
  /** How long one sampler step takes. */
  stepDelayMs: number;
  /** False: the socket handshake is refused (a proxy without WebSocket support). */
  socketsEnabled: boolean;
  /** The next prompt fails in KSampler after `atStep` steps with this exception. */
  failNextExecution(failure: { atStep: number; message: string; type?: string }): void;
  /** The next prompt's client sockets are closed after `atStep` sampler steps (the run goes on). */
  dropSocketsNext(atStep: number): void;
  close(): Promise<void>;
}

/** Inputs each supported node requires (ComfyUI's INPUT_TYPES), and whether it is an output node. */
const NODES: Record<string, { required: string[]; output?: boolean }> = {
  CheckpointLoaderSimple: { required: ['ckpt_name'] },
  CLIPTextEncode: { required: ['text', 'clip'] },
  EmptyLatentImage: { required: ['width', 'height', 'batch_size'] },
  KSampler: {
    required: [
      'model',
      'seed',
      'steps',
      'cfg',
      'sampler_name',
      'scheduler',
      'positive',
      'negative',
      'latent_image',
      'denoise',
    ],
  },
  VAEDecode: { required: ['samples', 'vae'] },
  VAEEncode: { required: ['pixels', 'vae'] },
  VAEEncodeForInpaint: { required: ['pixels', 'vae', 'mask', 'grow_mask_by'] },
  SetLatentNoiseMask: { required: ['samples', 'mask'] },
  RepeatLatentBatch: { required: ['samples', 'amount'] },
  LoadImage: { required: ['image'] },
  LoadImageMask: { required: ['image', 'channel'] },
  ImageToMask: { required: ['image', 'channel'] },
  SaveImage: { required: ['images', 'filename_prefix'], output: true },
  PreviewImage: { required: ['images'], output: true },
};
const SAMPLERS = ['euler', 'euler_ancestral', 'dpmpp_2m', 'dpmpp_2m_sde', 'dpmpp_sde', 'ddim'];
const SCHEDULERS = ['normal', 'karras', 'exponential', 'sgm_uniform', 'simple', 'ddim_uniform'];
const CHANNELS = ['alpha', 'red', 'green', 'blue'];

interface NodeError {
  type: string;
  message: string;
  details: string;
  extra_info: object;
}
class Refusal extends Error {
  constructor(
    readonly body: object,
    readonly status = 400,
  ) {
    super('refused');
  }
}

const isLink = (v: unknown): v is Link => Array.isArray(v) && v.length === 2 && typeof v[0] === 'string';
const floor8 = (v: number) => Math.max(8, Math.floor(v / 8) * 8);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** ComfyUI's validate_prompt, for the nodes above. */
function validate(graph: unknown, uploads: Map<string, Buffer>, checkpoints: string[]): string[] {
  if (!graph || typeof graph !== 'object' || Array.isArray(graph)) {
    throw new Refusal({ error: { type: 'invalid_prompt', message: 'no prompt', details: '', extra_info: {} } });
  }
  const nodes = graph as Graph;
  const outputs: string[] = [];
  for (const [id, node] of Object.entries(nodes)) {
    const invalid = (message: string) =>
      new Refusal({
        error: { type: 'invalid_prompt', message, details: `Node ID '#${id}'`, extra_info: {} },
        node_errors: {},
      });
    if (!node || typeof node !== 'object' || !('class_type' in node)) {
      throw invalid('Cannot execute because a node is missing the class_type property.');
    }
    const spec = NODES[String(node.class_type)];
    if (!spec) throw invalid(`Cannot execute because node ${String(node.class_type)} does not exist.`);
    if (spec.output) outputs.push(id);
  }
  if (outputs.length === 0) {
    throw new Refusal({
      error: { type: 'prompt_no_outputs', message: 'Prompt has no outputs', details: '', extra_info: {} },
      node_errors: [],
    });
  }
  const nodeErrors: Record<string, { errors: NodeError[]; dependent_outputs: string[]; class_type: string }> = {};
  for (const [id, node] of Object.entries(nodes)) {
    const classType = String(node.class_type);
    const inputs = node.inputs ?? {};
    const errors: NodeError[] = [];
    const fail = (type: string, message: string, details: string, input_name?: string) =>
      errors.push({ type, message, details, extra_info: input_name ? { input_name } : {} });
    for (const name of NODES[classType]!.required) {
      const value = inputs[name];
      if (value === undefined) fail('required_input_missing', 'Required input is missing', name, name);
      else if (isLink(value) && !nodes[value[0]]) {
        fail(
          'exception_during_inner_validation',
          'Exception when validating inner node',
          `${name}: no node ${value[0]}`,
        );
      }
    }
    const inList = (name: string, list: string[]) => {
      const value = inputs[name];
      if (value !== undefined && !isLink(value) && !list.includes(String(value))) {
        const shown = `[${list.map((v) => `'${v}'`).join(', ')}]`;
        fail('value_not_in_list', 'Value not in list', `${name}: '${String(value)}' not in ${shown}`, name);
      }
    };
    const inRange = (name: string, min: number, max: number) => {
      const value = inputs[name];
      if (value === undefined || isLink(value)) return;
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        fail('invalid_input_type', 'Failed to convert an input value to a number', `${name}, ${String(value)}`, name);
      } else if (value < min) fail('value_smaller_than_min', `Value ${value} smaller than min of ${min}`, name, name);
      else if (value > max) fail('value_bigger_than_max', `Value ${value} bigger than max of ${max}`, name, name);
    };
    if (classType === 'CheckpointLoaderSimple') inList('ckpt_name', checkpoints);
    if (classType === 'KSampler') {
      inList('sampler_name', SAMPLERS);
      inList('scheduler', SCHEDULERS);
      inRange('steps', 1, 10000);
      inRange('denoise', 0, 1);
      inRange('cfg', 0, 100);
    }
    if (classType === 'EmptyLatentImage') {
      inRange('width', 16, 16384);
      inRange('height', 16, 16384);
      inRange('batch_size', 1, 4096);
    }
    if (classType === 'RepeatLatentBatch') inRange('amount', 1, 64);
    if (classType === 'LoadImageMask' || classType === 'ImageToMask') inList('channel', CHANNELS);
    if ((classType === 'LoadImage' || classType === 'LoadImageMask') && typeof inputs.image === 'string') {
      if (!uploads.has(inputs.image)) {
        fail(
          'custom_validation_failed',
          'Custom validation failed for node',
          `image - Invalid image file: ${inputs.image}`,
        );
      }
    }
    if (errors.length) nodeErrors[id] = { errors, dependent_outputs: outputs, class_type: classType };
  }
  if (Object.keys(nodeErrors).length) {
    const details = Object.values(nodeErrors)
      .flatMap((n) => n.errors.map((e) => `${e.message}: ${e.details}`))
      .join('\n');
    throw new Refusal({
      error: {
        type: 'prompt_outputs_failed_validation',
        message: 'Prompt outputs failed validation',
        details,
        extra_info: {},
      },
      node_errors: nodeErrors,
    });
  }
  return outputs;
}

/** Nodes in an order where every link's source runs first. */
function executionOrder(graph: Graph): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const value of Object.values(graph[id]?.inputs ?? {})) if (isLink(value)) visit(value[0]);
    order.push(id);
  };
  for (const id of Object.keys(graph)) visit(id);
  return order;
}

export async function startFakeComfyUI(
  checkpoints: string[] = ['sd_xl_base_1.0.safetensors', 'v1-5-pruned-emaonly.safetensors'],
): Promise<FakeComfyUI> {
  const inputs = new Map<string, Buffer>();
  const outputs = new Map<string, Buffer>();
  const history = new Map<string, HistoryEntry>();
  const queue: { number: number; id: string; prompt: Graph; clientId?: string; outputNodes: string[] }[] = [];
  let running: (typeof queue)[number] | undefined;
  let number = 0;
  let saved = 0;
  let interrupted = false;
  let nextFailure: { atStep: number; message: string; type?: string } | undefined;
  let nextDrop: number | undefined;
  const sockets = new Map<string, WebSocket>();

  const send = (clientId: string | undefined, type: string, data: object) => {
    const ws = clientId ? sockets.get(clientId) : undefined;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type, data }));
  };
  const broadcastStatus = () => {
    const status = { status: { exec_info: { queue_remaining: queue.length + (running ? 1 : 0) } } };
    for (const ws of sockets.values()) {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'status', data: status }));
    }
  };

  /** The size and count of images a latent input holds, traced back through the graph. */
  const latentOf = async (graph: Graph, link: unknown): Promise<{ width: number; height: number; batch: number }> => {
    if (!isLink(link)) throw new Error('latent input is not a link');
    const node = graph[link[0]]!;
    const i = node.inputs ?? {};
    switch (node.class_type) {
      case 'EmptyLatentImage':
        return { width: floor8(Number(i.width)), height: floor8(Number(i.height)), batch: Number(i.batch_size) };
      case 'RepeatLatentBatch': {
        const inner = await latentOf(graph, i.samples);
        return { ...inner, batch: inner.batch * Number(i.amount) };
      }
      case 'SetLatentNoiseMask':
        return latentOf(graph, i.samples);
      case 'KSampler':
        return latentOf(graph, i.latent_image);
      case 'VAEEncode':
      case 'VAEEncodeForInpaint': {
        const source = graph[(i.pixels as Link)[0]]!;
        const meta = await sharp(inputs.get(String(source.inputs?.image))!).metadata();
        return { width: floor8(meta.width!), height: floor8(meta.height!), batch: 1 };
      }
      case 'VAEDecode':
        return latentOf(graph, i.samples);
      default:
        throw new Error(`no latent from ${String(node.class_type)}`);
    }
  };

  const execute = async (item: (typeof queue)[number]) => {
    const { id, clientId, prompt } = item;
    const messages: [string, object][] = [];
    const message = (type: string, data: object) => {
      const full = { ...data, prompt_id: id, timestamp: Date.now() };
      if (type.startsWith('execution_')) messages.push([type, full]);
      send(clientId, type, full);
    };
    const failure = nextFailure;
    const drop = nextDrop;
    nextFailure = undefined;
    nextDrop = undefined;
    interrupted = false;
    const entryOutputs: HistoryEntry['outputs'] = {};
    let status: HistoryEntry['status']['status_str'] = 'success';
    message('execution_start', {});
    message('execution_cached', { nodes: [] });
    const executed: string[] = [];
    try {
      for (const nodeId of executionOrder(prompt)) {
        const node = prompt[nodeId]!;
        send(clientId, 'executing', { node: nodeId, display_node: nodeId, prompt_id: id });
        if (node.class_type === 'KSampler') {
          const steps = Number(node.inputs?.steps);
          const sent: number[] = [];
          fake.progressSent.set(id, sent);
          for (let step = 1; step <= steps; step++) {
            await sleep(fake.stepDelayMs);
            if (interrupted) {
              message('execution_interrupted', { node_id: nodeId, node_type: 'KSampler', executed });
              status = 'error';
              return;
            }
            if (failure && step > failure.atStep) {
              message('execution_error', {
                node_id: nodeId,
                node_type: 'KSampler',
                executed,
                exception_message: failure.message,
                exception_type: failure.type ?? 'RuntimeError',
                traceback: ['Traceback (most recent call last):', `  ${failure.type ?? 'RuntimeError'}`],
                current_inputs: {},
                current_outputs: {},
              });
              status = 'error';
              return;
            }
            send(clientId, 'progress', { value: step, max: steps, prompt_id: id, node: nodeId });
            sent.push(step);
            if (step === 1) {
              // A live preview: event type 1 (PREVIEW_IMAGE), image format 2 (PNG), the image.
              const ws = clientId ? sockets.get(clientId) : undefined;
              const header = Buffer.alloc(8);
              header.writeUInt32BE(1, 0);
              header.writeUInt32BE(2, 4);
              const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777777' } })
                .png()
                .toBuffer();
              if (ws?.readyState === WebSocket.OPEN) ws.send(Buffer.concat([header, png]), { binary: true });
            }
            if (drop !== undefined && step === drop) {
              for (const [cid, ws] of sockets) if (cid === clientId) ws.terminate();
            }
          }
        }
        if (node.class_type === 'SaveImage') {
          const { width, height, batch } = await latentOf(prompt, node.inputs?.images);
          const prefix = String(node.inputs?.filename_prefix ?? 'ComfyUI');
          const images: HistoryFile[] = [];
          for (let b = 0; b < batch; b++) {
            const filename = `${prefix}_${String(++saved).padStart(5, '0')}_.png`;
            const shade = 40 + ((saved * 37) % 180);
            const png = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: shade, b: 200 } } })
              .png({ compressionLevel: 1 })
              .toBuffer();
            outputs.set(filename, png);
            images.push({ filename, subfolder: '', type: 'output' });
          }
          entryOutputs[nodeId] = { images };
          send(clientId, 'executed', { node: nodeId, display_node: nodeId, output: { images }, prompt_id: id });
        }
        executed.push(nodeId);
      }
      message('execution_success', {});
    } finally {
      history.set(id, {
        prompt: [item.number, id, prompt, { client_id: clientId }, item.outputNodes],
        outputs: status === 'success' ? entryOutputs : {},
        status: { status_str: status, completed: status === 'success', messages },
      });
      running = undefined;
      send(clientId, 'executing', { node: null, prompt_id: id });
      broadcastStatus();
    }
  };

  let working = false;
  const work = async () => {
    if (working) return;
    working = true;
    try {
      while (queue.length) {
        running = queue.shift()!;
        broadcastStatus();
        await execute(running);
      }
    } finally {
      working = false;
    }
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (req.method === 'POST' && path === '/upload/image') {
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: await readBody(req),
      })
        .formData()
        .catch(() => undefined);
      const image = form?.get('image');
      if (!form || !image || typeof image === 'string' || !image.name) return res.writeHead(400).end();
      const type = String(form.get('type') ?? 'input');
      const subfolder = String(form.get('subfolder') ?? '');
      const data = Buffer.from(await image.arrayBuffer());
      const overwrite = ['true', '1'].includes(String(form.get('overwrite')));
      const dot = image.name.lastIndexOf('.');
      const [stem, ext] = dot > 0 ? [image.name.slice(0, dot), image.name.slice(dot)] : [image.name, ''];
      let name = image.name;
      const key = () => (subfolder ? `${subfolder}/${name}` : name);
      for (let i = 1; !overwrite && inputs.has(key()) && !inputs.get(key())!.equals(data); i++)
        name = `${stem} (${i})${ext}`;
      inputs.set(key(), data);
      fake.uploads.push({ name: key(), type, data });
      return json(res, 200, { name, subfolder, type });
    }
    if (req.method === 'POST' && path === '/prompt') {
      let body: { prompt?: unknown; client_id?: string };
      try {
        body = JSON.parse((await readBody(req)).toString('utf8'));
      } catch {
        return res.writeHead(400).end('invalid JSON');
      }
      if (!('prompt' in body)) return json(res, 400, { error: 'no prompt', node_errors: [] });
      try {
        const outputNodes = validate(body.prompt, inputs, fake.checkpoints);
        const id = randomUUID();
        const item = { number: number++, id, prompt: body.prompt as Graph, clientId: body.client_id, outputNodes };
        fake.prompts.push({ id, clientId: body.client_id, prompt: item.prompt });
        queue.push(item);
        json(res, 200, { prompt_id: id, number: item.number, node_errors: {} });
        setImmediate(() => void work());
        return;
      } catch (error) {
        if (error instanceof Refusal) return json(res, error.status, error.body);
        throw error;
      }
    }
    if (req.method === 'GET' && path === '/prompt') {
      return json(res, 200, { exec_info: { queue_remaining: queue.length + (running ? 1 : 0) } });
    }
    if (req.method === 'GET' && path.startsWith('/history/')) {
      const id = decodeURIComponent(path.slice('/history/'.length));
      const entry = history.get(id);
      return json(res, 200, entry ? { [id]: entry } : {});
    }
    if (req.method === 'POST' && path === '/history') {
      const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { delete?: string[] };
      for (const id of body.delete ?? []) history.delete(id);
      return res.writeHead(200).end();
    }
    if (req.method === 'GET' && path === '/queue') {
      const row = (q: (typeof queue)[number]) => [q.number, q.id, q.prompt, { client_id: q.clientId }, q.outputNodes];
      return json(res, 200, { queue_running: running ? [row(running)] : [], queue_pending: queue.map(row) });
    }
    if (req.method === 'POST' && path === '/queue') {
      const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { delete?: string[] };
      for (const id of body.delete ?? []) {
        const at = queue.findIndex((q) => q.id === id);
        if (at >= 0) queue.splice(at, 1);
      }
      return res.writeHead(200).end();
    }
    if (req.method === 'POST' && path === '/interrupt') {
      const text = (await readBody(req)).toString('utf8');
      const body = text ? (JSON.parse(text) as { prompt_id?: string }) : {};
      fake.interrupts.push(body);
      if (running && (!body.prompt_id || body.prompt_id === running.id)) interrupted = true;
      return res.writeHead(200).end();
    }
    if (req.method === 'GET' && path === '/view') {
      const filename = url.searchParams.get('filename') ?? '';
      const subfolder = url.searchParams.get('subfolder') ?? '';
      const type = url.searchParams.get('type') ?? 'output';
      if (!filename || filename.startsWith('/') || filename.includes('..')) return res.writeHead(400).end();
      const key = subfolder ? `${subfolder}/${filename}` : filename;
      const data = type === 'output' ? outputs.get(key) : type === 'input' ? inputs.get(key) : undefined;
      if (!data) return res.writeHead(404).end();
      return res.writeHead(200, { 'content-type': 'image/png' }).end(data);
    }
    res.writeHead(404).end();
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  const wss = new WebSocketServer({
    server,
    path: '/ws',
    verifyClient: (_info, done) => (fake.socketsEnabled ? done(true) : done(false, 403)),
  });
  wss.on('connection', (ws, req) => {
    const sid = new URL(req.url ?? '/', 'http://fake').searchParams.get('clientId') || randomUUID().replaceAll('-', '');
    sockets.get(sid)?.terminate();
    sockets.set(sid, ws);
    ws.on('close', () => {
      if (sockets.get(sid) === ws) sockets.delete(sid);
    });
    ws.send(
      JSON.stringify({
        type: 'status',
        data: { status: { exec_info: { queue_remaining: queue.length + (running ? 1 : 0) } }, sid },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeComfyUI = {
    baseUrl: origin,
    checkpoints,
    uploads: [],
    prompts: [],
    interrupts: [],
    progressSent: new Map(),
    stepDelayMs: 5,
    socketsEnabled: true,
    failNextExecution: (failure) => {
      nextFailure = failure;
    },
    dropSocketsNext: (atStep) => {
      nextDrop = atStep;
    },
    close: async () => {
      for (const ws of sockets.values()) ws.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  return fake;
}
