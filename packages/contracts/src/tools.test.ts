import { describe, expect, it } from 'vitest';
import { runCost, runsOnDemo } from './tools.ts';

describe('what a run costs', () => {
  it('charges a tool per image or once, as the catalogue says', () => {
    expect(runCost('image-generation', 3)).toBe(3);
    expect(runCost('vector-generation', 3)).toBe(3);
    expect(runCost('style-creation', 4)).toBe(2);
  });

  it('charges nothing for a run on the demo engine, however many images', () => {
    expect(runCost('image-generation', 4, true)).toBe(0);
    expect(runCost('vector-generation', 1, true)).toBe(0);
  });
});

describe('which runs fall to the demo engine', () => {
  it('every run of a tool the demo engine serves', () => {
    expect(runsOnDemo({ kind: 'demo' }, {})).toBe(true);
  });

  it('on another engine, only the option values it hands to the demo engine', () => {
    const local = { kind: 'local' as const, demoOptions: { upscaleType: ['creative'] } };
    expect(runsOnDemo(local, { upscaleType: 'creative' })).toBe(true);
    expect(runsOnDemo(local, { upscaleType: 'crisp' })).toBe(false);
    expect(runsOnDemo(local, {})).toBe(false);
    expect(runsOnDemo({ kind: 'provider' }, { upscaleType: 'creative' })).toBe(false);
    expect(runsOnDemo({ kind: 'client', demoOptions: {} }, {})).toBe(false);
  });
});
