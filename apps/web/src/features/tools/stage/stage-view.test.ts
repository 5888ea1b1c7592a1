import { describe, expect, it } from 'vitest';
import {
  centred,
  fitView,
  isTrackpadScroll,
  MAX_SCALE,
  MIN_SCALE,
  panBy,
  pinchView,
  toContent,
  toViewport,
  wheelZoomFactor,
  ZOOM_STEP,
  zoomAt,
  zoomPercent,
  zoomTo,
} from './stage-view.ts';

const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describe('fitView', () => {
  it('fits a wide image to the width, centred vertically, inside the padding', () => {
    const view = fitView({ width: 2000, height: 1000 }, { width: 1032, height: 800 }, 16);
    close(view.scale, 0.5);
    close(view.x, 16);
    close(view.y, (800 - 500) / 2);
  });

  it('fits a tall image to the height and enlarges a small one', () => {
    const tall = fitView({ width: 300, height: 1200 }, { width: 800, height: 632 }, 16);
    close(tall.scale, 0.5);
    close(tall.y, 16);
    const small = fitView({ width: 160, height: 120 }, { width: 672, height: 532 }, 16);
    close(small.scale, 4);
  });

  it('gives a neutral view before either size is known', () => {
    expect(fitView({ width: 0, height: 0 }, { width: 500, height: 500 })).toEqual({ scale: 1, x: 0, y: 0 });
  });
});

describe('zooming keeps the point under the anchor still', () => {
  it('zoomAt around a pointer', () => {
    const view = { scale: 0.5, x: 10, y: 20 };
    const pointer = { x: 300, y: 200 };
    const under = toContent(view, pointer);
    const zoomed = zoomAt(view, 3, pointer);
    close(zoomed.scale, 1.5);
    const after = toViewport(zoomed, under);
    close(after.x, pointer.x);
    close(after.y, pointer.y);
  });

  it('clamps the scale to its limits', () => {
    expect(zoomTo({ scale: 1, x: 0, y: 0 }, 1000, { x: 0, y: 0 }).scale).toBe(MAX_SCALE);
    expect(zoomTo({ scale: 1, x: 0, y: 0 }, 0, { x: 0, y: 0 }).scale).toBe(MIN_SCALE);
  });

  it('100 % is one image pixel per CSS pixel, centred', () => {
    const view = centred({ width: 400, height: 300 }, { width: 800, height: 500 }, 1);
    expect(view).toEqual({ scale: 1, x: 200, y: 100 });
    expect(zoomPercent(view)).toBe(100);
  });
});

describe('toContent and toViewport', () => {
  it('are inverse of each other at any zoom and pan', () => {
    const view = panBy({ scale: 2.75, x: -130, y: 44 }, 17, -9);
    const point = { x: 321.5, y: 99.25 };
    const back = toViewport(view, toContent(view, point));
    close(back.x, point.x);
    close(back.y, point.y);
  });
});

describe('wheel', () => {
  it('one mouse notch is one zoom step, and out then in returns to the same scale', () => {
    close(wheelZoomFactor(-100, 0, false), ZOOM_STEP);
    close(wheelZoomFactor(100, 0, false) * wheelZoomFactor(-100, 0, false), 1);
    close(wheelZoomFactor(-3, 1, false), ZOOM_STEP ** 0.99);
  });

  it('a trackpad pinch (ctrlKey) zooms more per pixel than a wheel', () => {
    expect(wheelZoomFactor(-10, 0, true)).toBeGreaterThan(wheelZoomFactor(-10, 0, false));
  });

  it('tells a trackpad scroll (pans) from a mouse wheel and a pinch (zoom)', () => {
    expect(isTrackpadScroll({ deltaX: 0, deltaY: 100, deltaMode: 0, ctrlKey: false })).toBe(false);
    expect(isTrackpadScroll({ deltaX: 4, deltaY: 12, deltaMode: 0, ctrlKey: false })).toBe(true);
    expect(isTrackpadScroll({ deltaX: 0, deltaY: 3.5, deltaMode: 0, ctrlKey: false })).toBe(true);
    expect(isTrackpadScroll({ deltaX: 0, deltaY: 3.5, deltaMode: 0, ctrlKey: true })).toBe(false);
    expect(isTrackpadScroll({ deltaX: 0, deltaY: 3, deltaMode: 1, ctrlKey: false })).toBe(false);
  });
});

describe('pinchView', () => {
  it('spreading two fingers to twice their distance doubles the scale around their midpoint', () => {
    const start = { scale: 1, x: 0, y: 0 };
    const view = pinchView(
      start,
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 },
      ],
      [
        { x: 50, y: 100 },
        { x: 250, y: 100 },
      ],
    );
    close(view.scale, 2);
    const mid = toViewport(view, toContent(start, { x: 150, y: 100 }));
    close(mid.x, 150);
    close(mid.y, 100);
  });

  it('moving both fingers together pans by the same amount', () => {
    const start = { scale: 1.5, x: 10, y: 10 };
    const view = pinchView(
      start,
      [
        { x: 100, y: 100 },
        { x: 200, y: 200 },
      ],
      [
        { x: 130, y: 80 },
        { x: 230, y: 180 },
      ],
    );
    close(view.scale, 1.5);
    close(view.x, 40);
    close(view.y, -10);
  });
});
