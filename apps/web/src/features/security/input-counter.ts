/** What the heartbeat reports about input since the last beat (keys with no mouse is suspicious). */
export interface InputCounts {
  keystrokes: number;
  mouseMoves: number;
}

/**
 * Counts key presses and mouse movements on `target` with passive listeners. Only counts are
 * kept — never which keys — so nothing typed can leak into a report. `take` returns the counts
 * since the last call and starts again from zero; `stop` removes the listeners.
 */
export function countInput(target: EventTarget): { take: () => InputCounts; stop: () => void } {
  let counts: InputCounts = { keystrokes: 0, mouseMoves: 0 };
  const onKey = () => {
    counts.keystrokes++;
  };
  const onMouse = () => {
    counts.mouseMoves++;
  };
  target.addEventListener('keydown', onKey, { passive: true });
  target.addEventListener('mousemove', onMouse, { passive: true });
  return {
    take: () => {
      const taken = counts;
      counts = { keystrokes: 0, mouseMoves: 0 };
      return taken;
    },
    stop: () => {
      target.removeEventListener('keydown', onKey);
      target.removeEventListener('mousemove', onMouse);
    },
  };
}
