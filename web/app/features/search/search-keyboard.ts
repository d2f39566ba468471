/**
 * Keyboard rules of the search overlay (spec: keyboard first), as pure functions so they are tested
 * apart from the components.
 */

/** Elements where "/" is a character to type, not a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  const field = el.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])');
  if (!field) return false;
  if (field instanceof HTMLInputElement) {
    // Buttons dressed as inputs take no text.
    return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(field.type);
  }
  return true;
}

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'defaultPrevented'>;

/** "/" from anywhere except inside a text field opens (or focuses) search. */
export function isSearchShortcut(event: KeyLike): boolean {
  return (
    event.key === '/' &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !event.defaultPrevented &&
    !isTypingTarget(event.target)
  );
}

/**
 * Where an arrow key moves in a list of `length` items from `current` (-1: the prompt itself).
 * Returns -1 to go back to the prompt (ArrowUp from the first item), null when the key does not move.
 */
export function moveInList(current: number, length: number, key: string): number | null {
  if (length === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(current + 1, length - 1);
    case 'ArrowUp':
      return current <= 0 ? -1 : current - 1;
    case 'Home':
      return current === -1 ? null : 0;
    case 'End':
      return current === -1 ? null : length - 1;
    default:
      return null;
  }
}
