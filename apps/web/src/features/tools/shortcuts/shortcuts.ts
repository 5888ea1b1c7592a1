/**
 * The tool page's keyboard shortcuts: which key does what (pure, unit-tested) and the list the
 * "?" dialog shows. While focus is in a text field only Ctrl/⌘+Enter (run) is a shortcut, so
 * typing a prompt never paints, zooms or clears anything.
 */

export type ShortcutAction =
  | 'run'
  | 'help'
  | 'zoomIn'
  | 'zoomOut'
  | 'fit'
  | 'actualSize'
  | 'brush'
  | 'eraser'
  | 'smallerBrush'
  | 'largerBrush'
  | 'undo'
  | 'redo'
  | 'clearMask';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

const PLAIN_KEYS: Record<string, ShortcutAction> = {
  '?': 'help',
  '+': 'zoomIn',
  '=': 'zoomIn',
  '-': 'zoomOut',
  _: 'zoomOut',
  '0': 'fit',
  '1': 'actualSize',
  b: 'brush',
  e: 'eraser',
  '[': 'smallerBrush',
  ']': 'largerBrush',
  Backspace: 'clearMask',
  Delete: 'clearMask',
};

/** The action a key press asks for, or null (then the browser keeps the key). */
export function shortcutAction(press: KeyPress, inTextField: boolean): ShortcutAction | null {
  const mod = press.ctrlKey || press.metaKey;
  if (mod && press.key === 'Enter') return 'run';
  if (inTextField || press.altKey) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (mod) {
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && press.ctrlKey) return 'redo';
    return null; // Ctrl+C, Ctrl+V, Ctrl+- (browser zoom)… stay the browser's
  }
  return PLAIN_KEYS[key] ?? null;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'password', 'number', 'tel', '']);

/** Where typed characters go into a field: text inputs, text areas, selects (type-ahead), editable content. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.getAttribute('type') ?? '');
}

/**
 * A key of the dialog's list: `mod` is Ctrl or ⌘ by platform, words are translated
 * (tool-run:shortcuts.keys.*), anything else is shown as it is.
 */
export type KeyCap =
  | 'mod'
  | 'shift'
  | 'space'
  | 'enter'
  | 'backspace'
  | 'delete'
  | 'wheel'
  | 'drag'
  | 'middleDrag'
  | 'pinch'
  | string;

export interface ShortcutEntry {
  /** Key under tool-run:shortcuts.actions. */
  label: string;
  /** Alternatives, each a chord of keys pressed together. */
  chords: KeyCap[][];
}

export interface ShortcutGroup {
  /** Key under tool-run:shortcuts.groups. */
  title: 'general' | 'view' | 'mask';
  entries: ShortcutEntry[];
}

export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    title: 'general',
    entries: [
      { label: 'run', chords: [['mod', 'enter']] },
      { label: 'paste', chords: [['mod', 'V']] },
      { label: 'help', chords: [['?']] },
    ],
  },
  {
    title: 'view',
    entries: [
      { label: 'zoom', chords: [['wheel'], ['pinch']] },
      { label: 'zoomIn', chords: [['+']] },
      { label: 'zoomOut', chords: [['−']] },
      { label: 'fit', chords: [['0']] },
      { label: 'actualSize', chords: [['1']] },
      { label: 'pan', chords: [['space', 'drag'], ['middleDrag']] },
      { label: 'compare', chords: [['←'], ['→']] },
    ],
  },
  {
    title: 'mask',
    entries: [
      { label: 'brush', chords: [['B']] },
      { label: 'eraser', chords: [['E']] },
      { label: 'brushSize', chords: [['['], [']']] },
      { label: 'undo', chords: [['mod', 'Z']] },
      {
        label: 'redo',
        chords: [
          ['mod', 'shift', 'Z'],
          ['Ctrl', 'Y'],
        ],
      },
      { label: 'clear', chords: [['backspace'], ['delete']] },
    ],
  },
];

/** Apple keyboards say ⌘ where others say Ctrl. */
export const isApplePlatform = (platform: string) => /Mac|iPhone|iPad|iPod/i.test(platform);
