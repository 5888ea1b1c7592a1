import { describe, expect, it } from 'vitest';
import {
  BRUSH_SIZE,
  canClear,
  emptyHistory,
  isBlankLayer,
  layerFromMaskPixels,
  type MaskHistory,
  type MaskOp,
  maskFitsImage,
  maskPixelsFromLayer,
  nextBrushSize,
  record,
  redo,
  type Stroke,
  undo,
  visibleLayer,
} from './mask-layer.ts';

const stroke = (n: number, erase = false): Stroke => ({ erase, size: 10, points: [[n, n]] });
const op = (n: number, erase = false): MaskOp<string> => ({ kind: 'stroke', stroke: stroke(n, erase) });
const apply = (...ops: MaskOp<string>[]) => ops.reduce<MaskHistory<string>>(record, emptyHistory());

describe('mask history', () => {
  it('undo removes the last operation and redo brings it back; a new one drops the redo list', () => {
    let history = apply(op(1), op(2));
    history = undo(history);
    expect(visibleLayer(history.done).strokes).toEqual([stroke(1)]);
    history = redo(history);
    expect(visibleLayer(history.done).strokes).toEqual([stroke(1), stroke(2)]);
    history = record(undo(history), op(3));
    expect(history.undone).toEqual([]);
    expect(visibleLayer(history.done).strokes).toEqual([stroke(1), stroke(3)]);
  });

  it('undo and redo with nothing to do change nothing', () => {
    const history = emptyHistory<string>();
    expect(undo(history)).toBe(history);
    expect(redo(history)).toBe(history);
  });

  it('an upload becomes the base that later strokes edit, and undoing it restores what was before', () => {
    const history = apply(op(1), { kind: 'upload', layer: 'uploaded' }, op(2, true), op(3));
    expect(visibleLayer(history.done)).toEqual({ base: 'uploaded', strokes: [stroke(2, true), stroke(3)] });
    const withoutUpload = undo(undo(undo(history)));
    expect(visibleLayer(withoutUpload.done)).toEqual({ base: null, strokes: [stroke(1)] });
  });

  it('clear empties the layer and can itself be undone', () => {
    const cleared = apply({ kind: 'upload', layer: 'uploaded' }, op(1), { kind: 'clear' });
    expect(visibleLayer(cleared.done)).toEqual({ base: null, strokes: [] });
    expect(canClear(cleared)).toBe(false);
    const back = undo(cleared);
    expect(visibleLayer(back.done)).toEqual({ base: 'uploaded', strokes: [stroke(1)] });
    expect(canClear(back)).toBe(true);
    expect(canClear(emptyHistory())).toBe(false);
  });
});

describe('mask pixels', () => {
  it('an uploaded mask becomes white layer pixels whose alpha is its brightness', () => {
    const upload = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 0]);
    expect([...layerFromMaskPixels(upload)]).toEqual([
      255, 255, 255, 255, 255, 255, 255, 0, 255, 255, 255, 128, 255, 255, 255, 0,
    ]);
  });

  it('the layer is sent as an opaque black-and-white mask (white = change)', () => {
    const layer = new Uint8ClampedArray([255, 255, 255, 255, 255, 255, 255, 0, 255, 255, 255, 64]);
    expect([...maskPixelsFromLayer(layer)]).toEqual([255, 255, 255, 255, 0, 0, 0, 255, 64, 64, 64, 255]);
  });

  it('an upload then survives the round trip to the sent mask', () => {
    const upload = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255]);
    expect([...maskPixelsFromLayer(layerFromMaskPixels(upload))]).toEqual([...upload]);
  });

  it('a layer with no alpha anywhere is blank', () => {
    expect(isBlankLayer(new Uint8ClampedArray([255, 255, 255, 0, 0, 0, 0, 0]))).toBe(true);
    expect(isBlankLayer(new Uint8ClampedArray([255, 255, 255, 0, 255, 255, 255, 1]))).toBe(false);
  });
});

describe('maskFitsImage', () => {
  it('takes a mask of the same shape at any resolution', () => {
    expect(maskFitsImage({ width: 160, height: 120 }, { width: 160, height: 120 })).toBe(true);
    expect(maskFitsImage({ width: 1600, height: 1200 }, { width: 80, height: 60 })).toBe(true);
    // Rounding: 451 × 300 saved at half size is 226 × 150.
    expect(maskFitsImage({ width: 451, height: 300 }, { width: 226, height: 150 })).toBe(true);
  });

  it('refuses a mask of another shape', () => {
    expect(maskFitsImage({ width: 160, height: 120 }, { width: 100, height: 80 })).toBe(false);
    expect(maskFitsImage({ width: 160, height: 120 }, { width: 120, height: 160 })).toBe(false);
    expect(maskFitsImage({ width: 160, height: 120 }, { width: 0, height: 0 })).toBe(false);
  });
});

describe('nextBrushSize', () => {
  it('steps by about a fifth, by a pixel at least, within the limits', () => {
    expect(nextBrushSize(40, 1)).toBe(48);
    expect(nextBrushSize(48, -1)).toBe(40);
    expect(nextBrushSize(4, 1)).toBe(5);
    expect(nextBrushSize(5, -1)).toBe(4);
    expect(nextBrushSize(BRUSH_SIZE.min, -1)).toBe(BRUSH_SIZE.min);
    expect(nextBrushSize(190, 1)).toBe(BRUSH_SIZE.max);
  });
});
