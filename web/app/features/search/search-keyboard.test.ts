import { describe, expect, it } from 'vitest';
import { isSearchShortcut, isTypingTarget, moveInList } from './search-keyboard';

const key = (k: string, target: EventTarget | null, extra: Partial<KeyboardEvent> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  target,
  ...extra,
});

describe('search keyboard', () => {
  it('"/" opens search from anywhere except inside a text field', () => {
    const div = document.createElement('div');
    const button = document.createElement('button');
    const text = document.createElement('input');
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    const area = document.createElement('textarea');
    expect(isSearchShortcut(key('/', div))).toBe(true);
    expect(isSearchShortcut(key('/', button))).toBe(true);
    expect(isSearchShortcut(key('/', checkbox))).toBe(true);
    expect(isSearchShortcut(key('/', text))).toBe(false);
    expect(isSearchShortcut(key('/', area))).toBe(false);
    expect(isSearchShortcut(key('/', div, { ctrlKey: true }))).toBe(false);
    expect(isSearchShortcut(key('/', div, { defaultPrevented: true }))).toBe(false);
    expect(isSearchShortcut(key('?', div))).toBe(false);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
  });

  it('arrows move through a list and back up to the prompt', () => {
    expect(moveInList(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveInList(0, 3, 'ArrowDown')).toBe(1);
    expect(moveInList(2, 3, 'ArrowDown')).toBe(2);
    expect(moveInList(1, 3, 'ArrowUp')).toBe(0);
    expect(moveInList(0, 3, 'ArrowUp')).toBe(-1);
    expect(moveInList(1, 3, 'End')).toBe(2);
    expect(moveInList(2, 3, 'Home')).toBe(0);
    expect(moveInList(1, 3, 'Enter')).toBeNull();
    expect(moveInList(-1, 0, 'ArrowDown')).toBeNull();
  });
});
