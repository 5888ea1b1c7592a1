import img2imgJson from './workflows/img2img.json' with { type: 'json' };
import inpaintJson from './workflows/inpaint.json' with { type: 'json' };
import txt2imgJson from './workflows/txt2img.json' with { type: 'json' };

/**
 * ComfyUI's API workflow format: `{node_id: {class_type, inputs}}`, where an input is
 * a literal or a link `[source_node_id, output_index]`. `_meta` is what the UI's "Export (API)"
 * writes; ComfyUI ignores it.
 */
export type WorkflowInput = string | number | boolean | [string, number];
export interface WorkflowNode {
  class_type: string;
  inputs: Record<string, WorkflowInput>;
  _meta?: { title: string };
}
export type Workflow = Record<string, WorkflowNode>;

/**
 * The shipped workflows (workflows/*.json, bundled with the server) share their node ids, so one
 * table says which node each request value goes to. Patching checks the node's class, so a
 * workflow edited out of step with this table fails loudly instead of sampling the wrong thing.
 */
export const NODE = {
  checkpoint: { id: '4', class_type: 'CheckpointLoaderSimple' },
  positive: { id: '6', class_type: 'CLIPTextEncode' },
  negative: { id: '7', class_type: 'CLIPTextEncode' },
  emptyLatent: { id: '5', class_type: 'EmptyLatentImage' },
  sampler: { id: '3', class_type: 'KSampler' },
  loadImage: { id: '10', class_type: 'LoadImage' },
  repeatBatch: { id: '12', class_type: 'RepeatLatentBatch' },
  loadMask: { id: '13', class_type: 'LoadImageMask' },
  decode: { id: '8', class_type: 'VAEDecode' },
  save: { id: '9', class_type: 'SaveImage' },
} as const;

export const WORKFLOWS = {
  txt2img: txt2imgJson as unknown as Workflow,
  img2img: img2imgJson as unknown as Workflow,
  inpaint: inpaintJson as unknown as Workflow,
} as const;
export type WorkflowName = keyof typeof WORKFLOWS;

/** What every workflow takes: model, prompts and sampler settings. */
export interface SamplingParams {
  checkpoint: string;
  prompt: string;
  negativePrompt: string;
  seed: number;
  steps: number;
  cfg: number;
  sampler: string;
  scheduler: string;
}

export interface Txt2ImgParams extends SamplingParams {
  width: number;
  height: number;
  batchSize: number;
}

export interface Img2ImgParams extends SamplingParams {
  /** The uploaded image's name as ComfyUI answered it (`subfolder/name` when in a subfolder). */
  image: string;
  /** 0 keeps the image, 1 redraws it entirely: Atelier's strength is KSampler's denoise. */
  denoise: number;
  batchSize: number;
}

export interface InpaintParams extends SamplingParams {
  image: string;
  /** A greyscale PNG of the image's size, white = regenerate, read through its red channel. */
  mask: string;
}

/** A deep copy of a shipped workflow: the JSON modules are shared and must never be changed. */
function copyOf(name: WorkflowName): Workflow {
  return structuredClone(WORKFLOWS[name]);
}

function set(workflow: Workflow, node: (typeof NODE)[keyof typeof NODE], inputs: Record<string, WorkflowInput>) {
  const target = workflow[node.id];
  if (target?.class_type !== node.class_type) {
    throw new Error(`ComfyUI workflow: node ${node.id} should be a ${node.class_type}, is ${target?.class_type}`);
  }
  Object.assign(target.inputs, inputs);
}

function setSampling(workflow: Workflow, p: SamplingParams, denoise: number) {
  set(workflow, NODE.checkpoint, { ckpt_name: p.checkpoint });
  set(workflow, NODE.positive, { text: p.prompt });
  set(workflow, NODE.negative, { text: p.negativePrompt });
  set(workflow, NODE.sampler, {
    seed: p.seed,
    steps: p.steps,
    cfg: p.cfg,
    sampler_name: p.sampler,
    scheduler: p.scheduler,
    denoise,
  });
}

/** Latents are an eighth of the image's size: sides are sent as multiples of 8 (nearest, ≥ 64). */
export function latentSide(side: number): number {
  return Math.max(64, Math.round(side / 8) * 8);
}

export function txt2imgWorkflow(p: Txt2ImgParams): Workflow {
  const workflow = copyOf('txt2img');
  setSampling(workflow, p, 1);
  set(workflow, NODE.emptyLatent, {
    width: latentSide(p.width),
    height: latentSide(p.height),
    batch_size: p.batchSize,
  });
  return workflow;
}

export function img2imgWorkflow(p: Img2ImgParams): Workflow {
  const workflow = copyOf('img2img');
  setSampling(workflow, p, p.denoise);
  set(workflow, NODE.loadImage, { image: p.image });
  set(workflow, NODE.repeatBatch, { amount: p.batchSize });
  return workflow;
}

export function inpaintWorkflow(p: InpaintParams): Workflow {
  const workflow = copyOf('inpaint');
  setSampling(workflow, p, 1);
  set(workflow, NODE.loadImage, { image: p.image });
  set(workflow, NODE.loadMask, { image: p.mask, channel: 'red' });
  return workflow;
}
