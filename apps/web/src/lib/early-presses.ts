import { yieldToMain } from './next-task.ts';

/** A press public/hold-early-presses.js held: the event and the element it was aimed at. */
interface HeldPress {
  event: MouseEvent;
  target: EventTarget | null;
}

declare global {
  interface Window {
    /** Set by public/hold-early-presses.js (inlined in the page's head); absent in tests. */
    __releaseEarlyPresses?: () => HeldPress[];
  }
}

/** Whether the element is still one a press would reach: in the page and not disabled. */
function pressable(target: EventTarget | null): target is Element {
  return target instanceof Element && target.isConnected && !target.closest('button:disabled, [aria-disabled="true"]');
}

/**
 * Stops holding presses and dispatches those held before the app started, in order, on the
 * elements they were aimed at, so a press made while the app loaded does what it says. Called
 * right after hydrateRoot (React then hydrates the part a press lands on at once and handles
 * it: its own replay), or before the first render of a page the browser renders itself. Each event gets a task of its own, as it had: what one does is
 * rendered before the next (a second press counts from the first's state). A copy is an
 * untrusted event, which still runs a button's own action (sending its form).
 */
export async function replayEarlyPresses(): Promise<void> {
  const held = window.__releaseEarlyPresses?.() ?? [];
  delete window.__releaseEarlyPresses;
  for (const { event, target } of held) {
    if (!pressable(target)) continue;
    // An event is a valid init dictionary for its own kind: the copy has its coordinates,
    // button, pointer type and keys.
    const Kind = event.constructor as typeof MouseEvent;
    target.dispatchEvent(new Kind(event.type, event));
    await yieldToMain();
  }
}
