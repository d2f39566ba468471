import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isInteractiveTarget } from './space-bar';

afterEach(cleanup);

describe('isInteractiveTarget', () => {
  it('treats the page itself and plain content as non-interactive', () => {
    const { getByText } = render(
      <div>
        <p>plain text</p>
      </div>,
    );
    expect(isInteractiveTarget(document.body)).toBe(false);
    expect(isInteractiveTarget(getByText('plain text'))).toBe(false);
    expect(isInteractiveTarget(null)).toBe(false);
  });

  it.each([
    ['input', <input aria-label="x" data-t="" />],
    ['textarea', <textarea aria-label="x" data-t="" />],
    ['select', <select aria-label="x" data-t="" />],
    ['button', <button data-t="">b</button>],
    [
      'link',
      <a href="/x" data-t="">
        l
      </a>,
    ],
    ['audio', <audio data-t="" />],
    ['video', <video data-t="" />],
    ['role', <div role="listbox" data-t="" />],
    ['tabindex', <div tabIndex={-1} data-t="" />],
    ['contenteditable', <div contentEditable suppressContentEditableWarning data-t="" />],
    ['keyboard-listener marker', <div data-keyboard-listener="" data-t="" />],
    ['React click handler', <div onClick={() => {}} data-t="" />],
  ])('respects a %s', (_name, element) => {
    const { container } = render(element);
    expect(isInteractiveTarget(container.querySelector('[data-t]'))).toBe(true);
  });

  it('respects content inside an interactive element', () => {
    const { getByText } = render(
      <button>
        <span>inner</span>
      </button>,
    );
    expect(isInteractiveTarget(getByText('inner'))).toBe(true);
  });
});
