import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BottomSheet, SHEET_CLOSE_DELAY_MS, SHEET_CLOSE_THRESHOLD_PX, sheetDragOutcome } from './bottom-sheet';
import { Button } from './button';

// jsdom has no PointerEvent, so Testing Library would send plain events without clientY or pointerId.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}

beforeAll(() => {
  if (typeof window.PointerEvent === 'undefined') vi.stubGlobal('PointerEvent', TestPointerEvent);
});

afterAll(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Filters</Button>
      <BottomSheet
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Filters"
        footer={<Button onClick={() => setOpen(false)}>Show results</Button>}
      >
        <input aria-label="BPM from" />
      </BottomSheet>
    </>
  );
}

function openSheet(onClose = vi.fn()) {
  render(<Harness onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'Filters' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, onClose, sheet: screen.getByRole('dialog', { name: 'Filters' }) };
}

/** A vertical drag on the handle, the way a finger or mouse sends it. */
function drag(distance: number) {
  const grip = screen.getByTestId('bottom-sheet-grip');
  fireEvent.pointerDown(grip, { pointerId: 7, pointerType: 'touch', clientY: 500 });
  fireEvent.pointerMove(grip, { pointerId: 7, pointerType: 'touch', clientY: 500 + distance / 2 });
  fireEvent.pointerMove(grip, { pointerId: 7, pointerType: 'touch', clientY: 500 + distance });
  fireEvent.pointerUp(grip, { pointerId: 7, pointerType: 'touch', clientY: 500 + distance });
}

describe('BottomSheet', () => {
  it('is a labelled modal dialog that traps focus and locks page scroll', () => {
    const { sheet } = openSheet();
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(document.body.dataset.scrollLocked).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show results' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it(`closes ${SHEET_CLOSE_DELAY_MS} ms after a downward drag of 100 px, then returns focus`, () => {
    const { opener, onClose, sheet } = openSheet();
    drag(100);
    expect(sheet.dataset.state).toBe('closing');
    act(() => vi.advanceTimersByTime(SHEET_CLOSE_DELAY_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.dataset.scrollLocked).toBeUndefined();
  });

  it('follows the finger while dragging and snaps back after a 50 px drag', () => {
    const { onClose, sheet } = openSheet();
    const grip = screen.getByTestId('bottom-sheet-grip');
    fireEvent.pointerDown(grip, { pointerId: 3, pointerType: 'touch', clientY: 400 });
    fireEvent.pointerMove(grip, { pointerId: 3, pointerType: 'touch', clientY: 450 });
    expect(sheet.style.getPropertyValue('--sheet-offset')).toBe('50px');
    expect(sheet.dataset.dragging).toBe('true');
    fireEvent.pointerUp(grip, { pointerId: 3, pointerType: 'touch', clientY: 450 });
    expect(sheet.style.getPropertyValue('--sheet-offset')).toBe('0px');
    expect(sheet.dataset.state).toBe('open');
    act(() => vi.advanceTimersByTime(SHEET_CLOSE_DELAY_MS * 3));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeTruthy();
  });

  it('does not move up past its resting place, and a cancelled drag snaps back', () => {
    const { onClose, sheet } = openSheet();
    const grip = screen.getByTestId('bottom-sheet-grip');
    fireEvent.pointerDown(grip, { pointerId: 4, pointerType: 'touch', clientY: 400 });
    fireEvent.pointerMove(grip, { pointerId: 4, pointerType: 'touch', clientY: 250 });
    expect(sheet.style.getPropertyValue('--sheet-offset')).toBe('0px');
    fireEvent.pointerMove(grip, { pointerId: 4, pointerType: 'touch', clientY: 600 });
    fireEvent.pointerCancel(grip, { pointerId: 4, pointerType: 'touch', clientY: 600 });
    expect(sheet.style.getPropertyValue('--sheet-offset')).toBe('0px');
    act(() => vi.advanceTimersByTime(SHEET_CLOSE_DELAY_MS));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('ignores moves of another pointer than the one dragging', () => {
    const { sheet } = openSheet();
    const grip = screen.getByTestId('bottom-sheet-grip');
    fireEvent.pointerDown(grip, { pointerId: 1, pointerType: 'touch', clientY: 400 });
    fireEvent.pointerMove(grip, { pointerId: 2, pointerType: 'touch', clientY: 700 });
    expect(sheet.style.getPropertyValue('--sheet-offset')).toBe('0px');
  });

  it('closes on Escape after the close delay and returns focus to the opener', () => {
    const { opener, onClose } = openSheet();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(SHEET_CLOSE_DELAY_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from the backdrop and from its close button', () => {
    const { onClose } = openSheet();
    fireEvent.click(screen.getByTestId('bottom-sheet-backdrop'));
    act(() => vi.advanceTimersByTime(SHEET_CLOSE_DELAY_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(SHEET_CLOSE_DELAY_MS));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('slides away when its owner closes it, without calling onClose', () => {
    const { opener, onClose, sheet } = openSheet();
    fireEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(sheet.dataset.state).toBe('closing');
    act(() => vi.advanceTimersByTime(SHEET_CLOSE_DELAY_MS));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('decides at the threshold of spec §9: more than 80 px closes', () => {
    expect(SHEET_CLOSE_THRESHOLD_PX).toBe(80);
    expect(SHEET_CLOSE_DELAY_MS).toBe(300);
    expect(sheetDragOutcome(80)).toBe('snap-back');
    expect(sheetDragOutcome(81)).toBe('close');
    expect(sheetDragOutcome(0)).toBe('snap-back');
  });
});
