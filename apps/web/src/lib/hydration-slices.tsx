import { HYDRATION_SLICE_MS } from '@atelier/contracts';
import { type ReactElement, Suspense, useSyncExternalStore } from 'react';
import { externalValue } from './external-value.ts';
import { useHydrating } from './use-hydrating.ts';

// Time-sliced hydration (ADR 0023). Preact hydrates a page in one task, however long; on a
// phone that task blocked input for hundreds of milliseconds. A <HydrationSlice> marks a part
// of the page that may be hydrated later: once the current task has run for
// HYDRATION_SLICE_MS, the slice suspends, Preact keeps its server-rendered DOM as it is, and
// the slice is hydrated in a task of its own, in page order. Outside hydration (a page the
// browser renders itself, a later navigation) a slice is its child and nothing else.

const queuedTasks: (() => void)[] = [];
/**
 * Made at the first use, and only in a browser: a port listening from the module's import
 * would keep the server renderer's Node process alive after its work is done.
 */
let channel: MessageChannel | undefined;

/**
 * Runs `callback` in a task of its own, after what the browser has waited to do (input,
 * paint): a message, which unlike a timer is never clamped to 4 ms.
 */
function inNextTask(callback: () => void) {
  if (typeof document === 'undefined' || typeof MessageChannel === 'undefined') {
    setTimeout(callback);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queuedTasks.shift()?.();
  }
  queuedTasks.push(callback);
  channel.port2.postMessage(null);
}

/** Ends the current task: resolves in a new one, so the browser can handle input in between. */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => inNextTask(resolve));
}

/** Whether the browser is hydrating a server-rendered page now (set by hydrateInSlices). */
const slicing = externalValue(false);
let taskStart = 0;
/** The slices waiting for a task of their own, in the order they suspended (page order). */
const waiting: (() => void)[] = [];
/** What runs once the last slice is hydrated (hydrateInSlices' `whenDone`). */
let done: (() => void) | undefined;

/**
 * Hydrates the next waiting slice in this task. Slices that suspend while it is hydrated join
 * the queue in this task's microtasks, so the queue is looked at again only in the next task.
 */
function hydrateNext() {
  const resume = waiting.shift();
  if (!resume) {
    slicing.set(false);
    // In a task after the renders that follow hydration (a control's state once interactive).
    const callback = done;
    done = undefined;
    if (callback) inNextTask(callback);
    return;
  }
  taskStart = performance.now();
  // Resolving lets Preact hydrate the slice in this task's microtasks.
  resume();
  inNextTask(hydrateNext);
}

/**
 * False until the whole page is hydrated, its last slice included (and on the server); true
 * at once in a page the browser renders itself. A part that renders differently once hydrated
 * (the gallery's masonry) waits for it: changing in the middle, in the task of its own slice,
 * it made that task long.
 */
export function useHydrationDone(): boolean {
  return useSyncExternalStore(
    slicing.subscribe,
    () => !slicing.get(),
    () => false,
  );
}

/**
 * Hydrates a server-rendered page, in slices where it has <HydrationSlice>s; `whenDone` runs
 * once the last is hydrated.
 */
export function hydrateInSlices(hydrate: () => void, whenDone?: () => void) {
  done = whenDone;
  slicing.set(true);
  taskStart = performance.now();
  hydrate();
  inNextTask(hydrateNext);
}

function overBudget() {
  return slicing.get() && performance.now() - taskStart >= HYDRATION_SLICE_MS;
}

/** Renders its child, or — hydrating, with the task's time spent — suspends until its turn. */
function SliceContent({ children }: { children: ReactElement }): ReactElement {
  const hydrating = useHydrating();
  if (hydrating && overBudget()) {
    throw new Promise<void>((resolve) => {
      waiting.push(resolve);
    });
  }
  return children;
}

/**
 * A part of a server-rendered page that may be hydrated in a later task. Its child must render
 * exactly one root element: that element is what Preact keeps while the slice waits.
 */
export function HydrationSlice({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <SliceContent>{children}</SliceContent>
    </Suspense>
  );
}
