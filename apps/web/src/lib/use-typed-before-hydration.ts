import { type RefObject, useLayoutEffect } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the page's fields held when hydration began, where someone had changed them. */
const enteredBeforeHydration = new WeakMap<Element, string>();

/** The value a field had in the server's HTML. */
function initialValue(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    const options = [...field.options];
    return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
  }
  return field.defaultValue;
}

/**
 * Notes what was typed or chosen in the server's HTML before the app started: called just
 * before hydrating. Preact sets a field's `value` when it renders a part of the page that
 * waited for a later task (a hydration slice, ADR 0023), which wipes what the field held; this
 * note outlives it.
 */
export function noteFieldsEnteredBeforeHydration(root: Element): void {
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (field instanceof HTMLInputElement && ['checkbox', 'radio', 'file', 'hidden'].includes(field.type)) continue;
    if (field.value !== initialValue(field)) enteredBeforeHydration.set(field, field.value);
  }
}

/**
 * Keeps what someone typed or chose in a server-rendered field before the page was hydrated
 * (on a phone, a moment in which the field already takes input): it is in the element, not in
 * the component's state, and a render would wipe it. At mount, a field that held another value
 * than its `value` gets that value back and the event its onChange listens to (`change` for a
 * select, else `input`), so it takes it in as if entered now. A field the browser rendered
 * itself holds its `value`, and nothing happens.
 */
export function useTypedBeforeHydration(ref: RefObject<Field | null>, value: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; the state follows the field after
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field || typeof value !== 'string') return;
    const noted = enteredBeforeHydration.get(field);
    enteredBeforeHydration.delete(field);
    // Changed again while the page hydrated, the field holds the latest; else the note does.
    const entered = field.value !== value ? field.value : noted;
    if (entered === undefined || entered === value) return;
    field.value = entered;
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
