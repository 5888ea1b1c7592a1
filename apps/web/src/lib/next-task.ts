const queuedTasks: (() => void)[] = [];
/**
 * Made at the first use, and only in a browser: a port listening from the module's import
 * would keep the server renderer's Node process alive after its work is done.
 */
let channel: MessageChannel | undefined;

/**
 * Runs `callback` in a task of its own, after what the browser has waited to do (input,
 * paint, and React's own scheduled work, which is queued the same way): a message, which
 * unlike a timer is never clamped to 4 ms.
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
