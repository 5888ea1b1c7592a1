import { useEffect, useRef } from 'react';
import { isTextField, type ShortcutAction, shortcutAction } from './shortcuts.ts';

export type ShortcutHandlers = Partial<Record<ShortcutAction, (() => void) | undefined>>;

/**
 * Calls the handler of a shortcut pressed anywhere on the page (shortcuts.ts says which key
 * is which). Each part of the page registers the actions it handles; a key with no handler
 * is left to the browser. A dialog that is open keeps its keys to itself.
 */
export function useShortcuts(handlers: ShortcutHandlers, enabled = true) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.target instanceof Element && event.target.closest('[role=dialog],[role=alertdialog]')) return;
      const action = shortcutAction(event, isTextField(event.target));
      const handler = action ? latest.current[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
