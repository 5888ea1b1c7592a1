import { describe, expect, it } from 'vitest';
import { promptWithStyle, sampleSizeOf } from './comfyui-engine.ts';
import {
  img2imgWorkflow,
  inpaintWorkflow,
  latentSide,
  NODE,
  type SamplingParams,
  txt2imgWorkflow,
  WORKFLOWS,
} from './workflows.ts';

const sampling: SamplingParams = {
  checkpoint: 'my_model.safetensors',
  prompt: 'a lighthouse at dusk',
  negativePrompt: 'blurry',
  seed: 123456789,
  steps: 30,
  cfg: 6.5,
  sampler: 'euler',
  scheduler: 'normal',
};

describe('shipped ComfyUI workflows', () => {
  it.each(Object.entries(WORKFLOWS))(
    '%s is API format: class_type and inputs on every node, links resolve',
    (_, wf) => {
      for (const [id, node] of Object.entries(wf)) {
        expect(typeof node.class_type, `node ${id}`).toBe('string');
        expect(typeof node.inputs, `node ${id}`).toBe('object');
        for (const value of Object.values(node.inputs)) {
          if (Array.isArray(value)) expect(wf[value[0]], `link from node ${id}`).toBeDefined();
        }
      }
      expect(Object.values(wf).filter((n) => n.class_type === 'SaveImage')).toHaveLength(1);
      expect(wf[NODE.sampler.id]?.class_type).toBe('KSampler');
      expect(wf[NODE.save.id]?.class_type).toBe('SaveImage');
    },
  );

  it('chains txt2img as checkpoint → prompts → empty latent → KSampler → VAEDecode → SaveImage', () => {
    const wf = WORKFLOWS.txt2img;
    expect(wf[NODE.sampler.id]!.inputs).toMatchObject({
      model: [NODE.checkpoint.id, 0],
      positive: [NODE.positive.id, 0],
      negative: [NODE.negative.id, 0],
      latent_image: [NODE.emptyLatent.id, 0],
    });
    expect(wf[NODE.decode.id]!.inputs.samples).toEqual([NODE.sampler.id, 0]);
    expect(wf[NODE.save.id]!.inputs.images).toEqual([NODE.decode.id, 0]);
  });
});

describe('workflow patching', () => {
  it('patches txt2img with the prompts, seed, sampler settings, size (multiples of 8) and batch', () => {
    const wf = txt2imgWorkflow({ ...sampling, width: 1365, height: 1024, batchSize: 3 });
    expect(wf[NODE.checkpoint.id]!.inputs.ckpt_name).toBe('my_model.safetensors');
    expect(wf[NODE.positive.id]!.inputs.text).toBe('a lighthouse at dusk');
    expect(wf[NODE.negative.id]!.inputs.text).toBe('blurry');
    expect(wf[NODE.emptyLatent.id]!.inputs).toEqual({ width: 1368, height: 1024, batch_size: 3 });
    expect(wf[NODE.sampler.id]!.inputs).toMatchObject({
      seed: 123456789,
      steps: 30,
      cfg: 6.5,
      sampler_name: 'euler',
      scheduler: 'normal',
      denoise: 1,
    });
  });

  it('never changes the shipped JSON', () => {
    const before = JSON.stringify(WORKFLOWS);
    txt2imgWorkflow({ ...sampling, width: 2048, height: 1024, batchSize: 6 });
    img2imgWorkflow({ ...sampling, image: 'a.png', denoise: 0.2, batchSize: 2 });
    inpaintWorkflow({ ...sampling, image: 'a.png', mask: 'm.png' });
    expect(JSON.stringify(WORKFLOWS)).toBe(before);
  });

  it('patches img2img with the uploaded image, denoise = strength and the batch as a repeated latent', () => {
    const wf = img2imgWorkflow({ ...sampling, image: 'atelier-1 (1).png', denoise: 0.35, batchSize: 2 });
    expect(wf[NODE.loadImage.id]!.inputs.image).toBe('atelier-1 (1).png');
    expect(wf[NODE.sampler.id]!.inputs.denoise).toBe(0.35);
    expect(wf[NODE.repeatBatch.id]!.inputs.amount).toBe(2);
    expect(wf[NODE.sampler.id]!.inputs.latent_image).toEqual([NODE.repeatBatch.id, 0]);
    expect(wf['11']).toMatchObject({ class_type: 'VAEEncode', inputs: { pixels: [NODE.loadImage.id, 0] } });
  });

  it('patches inpainting with the image and the mask, read through its red channel (white = regenerate)', () => {
    const wf = inpaintWorkflow({ ...sampling, image: 'img.png', mask: 'mask.png' });
    expect(wf[NODE.loadImage.id]!.inputs.image).toBe('img.png');
    expect(wf[NODE.loadMask.id]!.inputs).toEqual({ image: 'mask.png', channel: 'red' });
    expect(wf['14']).toMatchObject({
      class_type: 'VAEEncodeForInpaint',
      inputs: { pixels: [NODE.loadImage.id, 0], mask: [NODE.loadMask.id, 0] },
    });
    expect(wf[NODE.sampler.id]!.inputs).toMatchObject({ denoise: 1, latent_image: ['14', 0] });
  });
});

describe('request mapping', () => {
  it('rounds sides to multiples of 8, at least 64', () => {
    expect([latentSide(1024), latentSide(1365), latentSide(1434), latentSide(1707), latentSide(10)]).toEqual([
      1024, 1368, 1432, 1704, 64,
    ]);
  });

  it('samples inputs within about 2 MP, sides multiples of 8', () => {
    expect(sampleSizeOf(200, 150)).toEqual({ width: 200, height: 152 });
    const big = sampleSizeOf(4096, 4096);
    expect(big.width % 8).toBe(0);
    expect(big.width * big.height).toBeLessThanOrEqual(2048 * 1024 * 1.01);
  });

  it('asks for Recraft styles in words', () => {
    expect(promptWithStyle('a cat', 'digital_illustration', 'pixel_art')).toBe(
      'a cat, digital illustration, pixel art',
    );
    expect(promptWithStyle('a cat', 'realistic_image', 'b_and_w')).toBe('a cat, photorealistic, black and white');
    expect(promptWithStyle('a cat')).toBe('a cat');
  });
});
