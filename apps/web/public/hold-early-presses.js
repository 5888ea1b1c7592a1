// Runs before first paint, inlined by the build like theme-init.js (the CSP allows it by its
// hash). A server-rendered page can be pressed before the app has started: on a phone the
// scripts take a second or two, and React listens only from hydrateRoot on, so a press before
// that would be lost (the pricing page's Yearly, a like, Generate). This holds such presses —
// the pointer and mouse events of a button or a control with a role, and its click — and the
// app dispatches them again right after hydrateRoot (src/lib/early-presses.ts), where React
// hydrates the part pressed at once and handles them. Links, form fields and labels act as the
// browser makes them act, and are left alone.
(() => {
  const TYPES = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'];
  const CONTROL =
    'button, [role="button"], [role="radio"], [role="tab"], [role="switch"], [role="checkbox"], [role="menuitem"], [role="option"]';
  let held = [];

  function hold(event) {
    const target = event.target;
    const control = target?.closest ? target.closest(CONTROL) : null;
    if (!control || control.closest('a[href]')) return;
    if (control.disabled || control.getAttribute('aria-disabled') === 'true') return;
    // Captured on window, the first listener of all: nothing of the page sees it now. A click
    // on a submit button would send its form the browser's way (the page would reload).
    event.stopPropagation();
    if (event.type === 'click') event.preventDefault();
    held.push({ event, target });
  }

  for (const type of TYPES) window.addEventListener(type, hold, true);

  /** Stops holding; returns what was held, in order. */
  window.__releaseEarlyPresses = () => {
    for (const type of TYPES) window.removeEventListener(type, hold, true);
    const list = held;
    held = [];
    return list;
  };
})();
