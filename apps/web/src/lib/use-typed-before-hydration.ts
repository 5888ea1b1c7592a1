import { type RefObject, useLayoutEffect } from 'react';

/**
 * Keeps what someone typed into a server-rendered field before the page was hydrated (on a
 * phone, a moment in which the field already takes text): it is in the element, not in the
 * component's state, and the next render would wipe it. At mount, a field holding other text
 * than its `value` gets an `input` event, so its own onChange takes that text in as if typed
 * now. A field the browser rendered itself holds its `value`, and nothing happens.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: unknown,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; the state follows the field after
  useLayoutEffect(() => {
    const field = ref.current;
    if (field && typeof value === 'string' && field.value !== value) {
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, []);
}
