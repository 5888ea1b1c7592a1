/** One drag of the brush, in the image's own pixels so the mask matches the image's size. */
export interface Stroke {
  erase: boolean;
  size: number;
  points: [number, number][];
}

/** Draws strokes on a 2D context; `paint` is the colour of painted areas. */
export function drawStrokes(
  ctx: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  paint: string,
  eraseWith: 'cut' | string,
) {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) drawStroke(ctx, stroke, paint, eraseWith);
  ctx.globalCompositeOperation = 'source-over';
}

function drawStroke(ctx: CanvasRenderingContext2D, stroke: Stroke, paint: string, eraseWith: 'cut' | string) {
  const [first, ...rest] = stroke.points;
  if (!first) return;
  // On the overlay the eraser cuts paint away; on the exported mask it paints black.
  const cut = stroke.erase && eraseWith === 'cut';
  ctx.globalCompositeOperation = cut ? 'destination-out' : 'source-over';
  const colour = stroke.erase && !cut ? eraseWith : paint;
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = stroke.size;
  if (rest.length === 0) {
    // A click without a drag still marks a dot.
    ctx.beginPath();
    ctx.arc(first[0], first[1], stroke.size / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.beginPath();
  ctx.moveTo(first[0], first[1]);
  for (const [x, y] of rest) ctx.lineTo(x, y);
  ctx.stroke();
}

/** The mask the inpainting API takes: white where to inpaint, black elsewhere, at the image's size. */
export async function maskFile(strokes: readonly Stroke[], width: number, height: number): Promise<File | null> {
  if (!strokes.some((s) => !s.erase)) return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, width, height);
  drawStrokes(ctx, strokes, '#fff', '#000');
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return blob ? new File([blob], 'mask.png', { type: 'image/png' }) : null;
}
