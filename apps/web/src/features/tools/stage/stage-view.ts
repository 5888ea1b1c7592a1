/**
 * The maths of the stage's zoom and pan, as pure functions of a view. A view places the
 * image (its own pixels, "content" coordinates) in the stage's viewport (CSS pixels):
 * a content point (cx, cy) is drawn at (x + cx·scale, y + cy·scale). The stage renders a view
 * as `translate(x, y) scale(scale)` with the transform origin at the top left.
 */

export interface Size {
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}
export interface View {
  scale: number;
  x: number;
  y: number;
}

/** The widest zoom out and the closest zoom in, as image pixels per CSS pixel. */
export const MIN_SCALE = 0.02;
export const MAX_SCALE = 32;
/** One press of zoom in / zoom out (and one wheel notch of a mouse) multiplies the scale by this. */
export const ZOOM_STEP = 1.25;
/** Room left around the image when it is fitted, in CSS pixels, so its edges stay visible. */
export const FIT_PADDING = 16;

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The whole image in the viewport, centred, as large as it fits (small images are enlarged). */
export function fitView(content: Size, viewport: Size, padding = FIT_PADDING): View {
  if (content.width <= 0 || content.height <= 0 || viewport.width <= 0 || viewport.height <= 0) {
    return { scale: 1, x: 0, y: 0 };
  }
  const room = { width: Math.max(1, viewport.width - 2 * padding), height: Math.max(1, viewport.height - 2 * padding) };
  const scale = clampScale(Math.min(room.width / content.width, room.height / content.height));
  return centred(content, viewport, scale);
}

/** The image at `scale`, centred in the viewport. */
export function centred(content: Size, viewport: Size, scale: number): View {
  return {
    scale,
    x: (viewport.width - content.width * scale) / 2,
    y: (viewport.height - content.height * scale) / 2,
  };
}

/** The view at a new scale, keeping the content point under `anchor` (a viewport point) where it is. */
export function zoomTo(view: View, scale: number, anchor: Point): View {
  const next = clampScale(scale);
  const ratio = next / view.scale;
  return { scale: next, x: anchor.x - (anchor.x - view.x) * ratio, y: anchor.y - (anchor.y - view.y) * ratio };
}

/** Zoom by a factor around a viewport point: the pointer for the wheel, the centre for the buttons. */
export const zoomAt = (view: View, factor: number, anchor: Point): View => zoomTo(view, view.scale * factor, anchor);

export const panBy = (view: View, dx: number, dy: number): View => ({ ...view, x: view.x + dx, y: view.y + dy });

/** The content (image pixel) point drawn at a viewport point. */
export const toContent = (view: View, point: Point): Point => ({
  x: (point.x - view.x) / view.scale,
  y: (point.y - view.y) / view.scale,
});

/** The viewport point where a content point is drawn. */
export const toViewport = (view: View, point: Point): Point => ({
  x: view.x + point.x * view.scale,
  y: view.y + point.y * view.scale,
});

/**
 * How much one wheel event zooms. Mouse wheels send a notch (about 100 px, or 1–3 lines);
 * a trackpad pinch arrives as wheel events with ctrlKey and small deltas. Both map to an
 * exponential factor, so zooming in and back out by the same amount returns to the same scale.
 */
export function wheelZoomFactor(deltaY: number, deltaMode: number, pinch: boolean): number {
  const pixels = deltaMode === 1 ? deltaY * 33 : deltaMode === 2 ? deltaY * 400 : deltaY;
  // A notch of 100 px is one ZOOM_STEP; a pinch is more sensitive, as on every trackpad app.
  const perPixel = Math.log(ZOOM_STEP) / (pinch ? 10 : 100);
  const limited = Math.max(-300, Math.min(300, pixels)); // one huge event must not jump to the limit
  return Math.exp(-limited * perPixel);
}

/**
 * A trackpad's two-finger scroll (no ctrlKey) comes with a horizontal delta or fractional
 * pixel values; a mouse wheel moves in whole vertical notches. The former pans, the latter zooms.
 */
export function isTrackpadScroll(event: { deltaX: number; deltaY: number; deltaMode: number; ctrlKey: boolean }) {
  if (event.ctrlKey || event.deltaMode !== 0) return false;
  return event.deltaX !== 0 || !Number.isInteger(event.deltaY);
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * Two fingers: the view at the start of the gesture, the fingers then and now. The content
 * point under the fingers' first midpoint follows their midpoint, and the scale follows the
 * distance between them, so a pinch zooms and pans at once as on any photo app.
 */
export function pinchView(start: View, from: [Point, Point], to: [Point, Point]): View {
  const before = distance(from[0], from[1]);
  const after = distance(to[0], to[1]);
  const scale = clampScale(before > 0 ? (start.scale * after) / before : start.scale);
  const anchor = toContent(start, midpoint(from[0], from[1]));
  const centre = midpoint(to[0], to[1]);
  return { scale, x: centre.x - anchor.x * scale, y: centre.y - anchor.y * scale };
}

/** The zoom level as people read it: 100 % = one image pixel per CSS pixel. */
export const zoomPercent = (view: View) => Math.round(view.scale * 100);
