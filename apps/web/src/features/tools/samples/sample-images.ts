import type { ToolId } from '@atelier/contracts';
import astronaut from './astronaut.jpg';
import astronautMask from './astronaut-mask.png';
import chelsea from './chelsea.jpg';
import coffee from './coffee.jpg';
import coffeeMask from './coffee-mask.png';
import horse from './horse.png';
import mountains from './mountains.png';
import rocket from './rocket.jpg';
import rocketMask from './rocket-mask.png';

/**
 * "Try a sample": images that ship with Atelier (samples/README.md, licences in
 * samples/credits.json), three per image-in tool, chosen for what each tool shows best.
 */
export interface SampleImage {
  /** Key under tool-run:samples.names. */
  id: 'astronaut' | 'chelsea' | 'coffee' | 'rocket' | 'horse' | 'mountains';
  url: string;
  /** The name the file gets, as if the user had uploaded it. */
  fileName: string;
  /** Inpainting samples come with a mask, loaded into the painter as an uploaded mask would be. */
  mask?: { url: string; fileName: string };
}

const image = (id: SampleImage['id'], url: string, ext: string): SampleImage => ({ id, url, fileName: `${id}.${ext}` });
const SAMPLES = {
  astronaut: image('astronaut', astronaut, 'jpg'),
  chelsea: image('chelsea', chelsea, 'jpg'),
  coffee: image('coffee', coffee, 'jpg'),
  rocket: image('rocket', rocket, 'jpg'),
  horse: image('horse', horse, 'png'),
  mountains: image('mountains', mountains, 'png'),
};
const withMask = (sample: SampleImage, url: string): SampleImage => ({
  ...sample,
  mask: { url, fileName: `${sample.id}-mask.png` },
});

const PEOPLE_AND_THINGS = [SAMPLES.astronaut, SAMPLES.chelsea, SAMPLES.coffee];

export const TOOL_SAMPLES: Partial<Record<ToolId, readonly SampleImage[]>> = {
  'background-removal': PEOPLE_AND_THINGS,
  'ai-eraser': PEOPLE_AND_THINGS,
  'replace-background': PEOPLE_AND_THINGS,
  'image-to-image': [SAMPLES.chelsea, SAMPLES.rocket, SAMPLES.coffee],
  'ai-photo-editor': [SAMPLES.rocket, SAMPLES.coffee, SAMPLES.astronaut],
  'image-upscale': [SAMPLES.chelsea, SAMPLES.coffee, SAMPLES.astronaut],
  vectorization: [SAMPLES.mountains, SAMPLES.horse, SAMPLES.coffee],
  inpainting: [
    withMask(SAMPLES.astronaut, astronautMask),
    withMask(SAMPLES.coffee, coffeeMask),
    withMask(SAMPLES.rocket, rocketMask),
  ],
};

export const samplesFor = (tool: ToolId): readonly SampleImage[] => TOOL_SAMPLES[tool] ?? [];
