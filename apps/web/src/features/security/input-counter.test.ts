import { describe, expect, it } from 'vitest';
import { countInput } from './input-counter.ts';

describe('countInput', () => {
  it('counts key presses and mouse movements since the last take, and stops', () => {
    const target = new EventTarget();
    const counter = countInput(target);
    for (let i = 0; i < 3; i++) target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('mousemove'));
    expect(counter.take()).toEqual({ keystrokes: 3, mouseMoves: 1 });
    expect(counter.take()).toEqual({ keystrokes: 0, mouseMoves: 0 });

    counter.stop();
    target.dispatchEvent(new Event('keydown'));
    expect(counter.take()).toEqual({ keystrokes: 0, mouseMoves: 0 });
  });
});
