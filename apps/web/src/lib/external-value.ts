/**
 * A value with listeners, read through useSyncExternalStore (`subscribe`, `get`): app-wide
 * state with one writer, no context provider. Setting the value it has already notifies no one.
 */
export function externalValue<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
