import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

// public/start-app-after-paint.js, as the head of a server-rendered page runs it.
const script = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/start-app-after-paint.js'),
  'utf8',
);

const TEMPLATE =
  '<template id="app-scripts"><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react.js"></template>';

/** A stand-in for the browser's paint timing: the test says when the page has painted. */
function paintTiming() {
  let report: ((names: string[]) => void) | undefined;
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: (list: { getEntriesByName(name: string): unknown[] }, observer: FakeObserver) => void) {
      report = (names) => callback({ getEntriesByName: (name) => names.filter((n) => n === name) }, this);
    }
    observe() {}
    disconnect() {
      report = undefined;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return { paint: (...names: string[]) => report?.(names) };
}

const liveScripts = () =>
  [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
const livePreloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('start-app-after-paint.js', () => {
  it('adds the template’s scripts to the head, once, when the page has painted its content', () => {
    const timing = paintTiming();
    document.head.innerHTML = TEMPLATE;
    new Function(script)();
    timing.paint('first-paint');
    expect(liveScripts()).toEqual([]);

    timing.paint('first-paint', 'first-contentful-paint');
    expect(liveScripts()).toEqual(['/assets/index.js']);
    expect(livePreloads()).toEqual(['/assets/react.js']);
    expect(document.getElementById('app-scripts')).toBeNull();
    // Live elements the browser fetches and runs, with the attributes the server gave them.
    const started = document.head.querySelector('script[type="module"]')!;
    expect(started.getAttribute('crossorigin')).toBe('');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(liveScripts()).toHaveLength(1);
  });

  it('starts the app a moment after the HTML is in when no paint is reported', () => {
    vi.useFakeTimers();
    paintTiming();
    document.head.innerHTML = TEMPLATE;
    new Function(script)();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(liveScripts()).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(liveScripts()).toEqual(['/assets/index.js']);
  });

  it('starts the app once the HTML is in where paint timing is not available', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    document.head.innerHTML = TEMPLATE;
    new Function(script)();
    expect(liveScripts()).toEqual([]);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(liveScripts()).toEqual(['/assets/index.js']);
  });

  it('does nothing on the shell, whose scripts are live already', () => {
    const timing = paintTiming();
    document.head.innerHTML = '<script type="module" src="/assets/index.js"></script>';
    new Function(script)();
    timing.paint('first-contentful-paint');
    expect(liveScripts()).toEqual(['/assets/index.js']);
  });
});
