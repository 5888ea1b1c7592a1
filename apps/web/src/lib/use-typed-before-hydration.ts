import { type RefObject, useLayoutEffect } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Keeps what someone typed or chose in a server-rendered field before the page was hydrated
 * (on a phone, a moment in which the field already takes input). React's hydration leaves the
 * field's text as it is but does not tell the component, whose state still holds the server's
 * `value`: the next render would put that back. At mount, a field that holds another value
 * than its `value` reports it as typed now, through the event its onChange listens to
 * (`change` for a select, else `input`). A field the browser rendered itself holds its
 * `value`, and nothing happens.
 */
export function useTypedBeforeHydration(ref: RefObject<Field | null>, value: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; the state follows the field after
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field || typeof value !== 'string' || field.value === value) return;
    const entered = field.value;
    // React compares a field's text with the last it knew of before calling onChange, and it
    // learnt this text while hydrating: it is told the field holds `value`, then the text goes
    // back in past it (the element prototype's own setter), so the event is a change.
    field.value = value;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, entered);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }, []);
}

/**
 * Takes in the files chosen in a server-rendered file input before the page was hydrated: the
 * browser keeps them in the element, but its `change` went out while nothing listened. At mount,
 * an input that holds files reports them again, and its onChange takes them as if chosen now. An
 * input the browser rendered itself holds none, and nothing happens.
 */
export function useFilesChosenBeforeHydration(ref: RefObject<HTMLInputElement | null>): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; later choices reach onChange
  useLayoutEffect(() => {
    const input = ref.current;
    if (input?.files?.length) input.dispatchEvent(new Event('change', { bubbles: true }));
  }, []);
}
