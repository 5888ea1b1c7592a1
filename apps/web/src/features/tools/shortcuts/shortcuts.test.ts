// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isTextField, type KeyPress, SHORTCUT_GROUPS, shortcutAction } from './shortcuts.ts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('shortcutAction', () => {
  it('maps the mask keys, zoom keys and help', () => {
    expect(shortcutAction(press('b'), false)).toBe('brush');
    expect(shortcutAction(press('E', { shiftKey: true }), false)).toBe('eraser');
    expect(shortcutAction(press('['), false)).toBe('smallerBrush');
    expect(shortcutAction(press(']'), false)).toBe('largerBrush');
    expect(shortcutAction(press('Backspace'), false)).toBe('clearMask');
    expect(shortcutAction(press('Delete'), false)).toBe('clearMask');
    expect(shortcutAction(press('?', { shiftKey: true }), false)).toBe('help');
    expect(shortcutAction(press('+', { shiftKey: true }), false)).toBe('zoomIn');
    expect(shortcutAction(press('-'), false)).toBe('zoomOut');
    expect(shortcutAction(press('0'), false)).toBe('fit');
    expect(shortcutAction(press('1'), false)).toBe('actualSize');
  });

  it('undo is Ctrl/⌘+Z; redo Ctrl/⌘+Shift+Z or Ctrl+Y', () => {
    expect(shortcutAction(press('z', { ctrlKey: true }), false)).toBe('undo');
    expect(shortcutAction(press('z', { metaKey: true }), false)).toBe('undo');
    expect(shortcutAction(press('Z', { ctrlKey: true, shiftKey: true }), false)).toBe('redo');
    expect(shortcutAction(press('z', { metaKey: true, shiftKey: true }), false)).toBe('redo');
    expect(shortcutAction(press('y', { ctrlKey: true }), false)).toBe('redo');
  });

  it('leaves the browser its own chords', () => {
    expect(shortcutAction(press('v', { ctrlKey: true }), false)).toBeNull();
    expect(shortcutAction(press('-', { ctrlKey: true }), false)).toBeNull();
    expect(shortcutAction(press('b', { altKey: true }), false)).toBeNull();
    expect(shortcutAction(press('y', { metaKey: true }), false)).toBeNull();
    expect(shortcutAction(press('x'), false)).toBeNull();
  });

  it('in a text field only Ctrl/⌘+Enter is a shortcut', () => {
    expect(shortcutAction(press('Enter', { ctrlKey: true }), true)).toBe('run');
    expect(shortcutAction(press('Enter', { metaKey: true }), false)).toBe('run');
    expect(shortcutAction(press('Enter'), false)).toBeNull();
    for (const key of ['b', 'e', '[', ']', 'Backspace', '?', '0', '1', '+'])
      expect(shortcutAction(press(key), true)).toBeNull();
    expect(shortcutAction(press('z', { ctrlKey: true }), true)).toBeNull();
  });
});

describe('isTextField', () => {
  it('counts text inputs, text areas, selects and editable content, not buttons or sliders', () => {
    const make = (html: string) => {
      document.body.innerHTML = html;
      return document.body.firstElementChild;
    };
    expect(isTextField(make('<input>'))).toBe(true);
    expect(isTextField(make('<input type="search">'))).toBe(true);
    expect(isTextField(make('<textarea></textarea>'))).toBe(true);
    expect(isTextField(make('<select></select>'))).toBe(true);
    expect(isTextField(make('<input type="range">'))).toBe(false);
    expect(isTextField(make('<input type="file">'))).toBe(false);
    expect(isTextField(make('<button></button>'))).toBe(false);
    expect(isTextField(null)).toBe(false);
  });
});

describe('the dialog list', () => {
  it('lists every group with at least one chord per entry', () => {
    expect(SHORTCUT_GROUPS.map((g) => g.title)).toEqual(['general', 'view', 'mask']);
    for (const group of SHORTCUT_GROUPS)
      for (const entry of group.entries) expect(entry.chords.length).toBeGreaterThan(0);
  });
});
