import { imageFieldsOf, type ToolId } from '@atelier/contracts';

/** The option fields each tool's example sends (the rest keep their defaults). */
const EXAMPLE_FIELDS: Record<ToolId, Record<string, string | number | boolean>> = {
  'image-generation': { prompt: 'a lighthouse at dusk', n: 2 },
  'vector-generation': { prompt: 'a fox logo', style: 'geometric' },
  'style-creation': { prompt: 'ink wash mountains', style: 'painting' },
  'image-to-image': { prompt: 'as a watercolour', strength: 0.5 },
  inpainting: { prompt: 'a red balloon' },
  'background-removal': { clientSide: true, width: 1024, height: 768 },
  vectorization: {},
  'image-upscale': { upscaleType: 'crisp' },
  'ai-eraser': {},
  'ai-photo-editor': { editType: 'brighten' },
  'replace-background': { background: 'gradient', color: '#ffffff', color2: '#c7d2fe' },
};

const FILES: Record<string, string> = { image: 'photo.png', mask: 'mask.png', reference_image: 'style.png' };

/**
 * A curl command that starts a run of the tool with an API key (`$ATELIER_KEY`) against
 * `$ATELIER` (the site's address): multipart with files where the tool takes images, JSON where not.
 */
export function curlExample(tool: ToolId): string {
  const fields = EXAMPLE_FIELDS[tool];
  const { required } = imageFieldsOf(tool);
  const head = [`curl -X POST "$ATELIER/api/v1/tools/${tool}/runs"`, '-H "Authorization: Bearer $ATELIER_KEY"'];
  const body = required.length
    ? [
        ...required.map((field) => `-F ${field}=@${FILES[field]}`),
        ...Object.entries(fields).map(([k, v]) => `-F ${k}=${JSON.stringify(String(v))}`),
      ]
    : ['-H "Content-Type: application/json"', `-d '${JSON.stringify(fields)}'`];
  return [...head, ...body].join(' \\\n  ');
}

/** The same as a Markdown block for an operation's description. */
export const curlBlock = (tool: ToolId) => `\n\n\`\`\`sh\n${curlExample(tool)}\n\`\`\``;
