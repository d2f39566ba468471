import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CATALOG_TOASTS,
  CatalogToastProvider,
  dragDismisses,
  ToastProvider,
  useCatalogToast,
  useToast,
  type ToastApi,
} from './toast';

let catalog: ToastApi;
let app: ToastApi;
function Capture() {
  catalog = useCatalogToast();
  app = useToast();
  return null;
}

function renderBoth() {
  render(
    <ToastProvider>
      <CatalogToastProvider>
        <Capture />
      </CatalogToastProvider>
    </ToastProvider>,
  );
}

const catalogToasts = () =>
  within(screen.getByTestId('catalog-toasts'))
    .queryAllByTestId('toast')
    .map((el) => el.querySelector('p')?.textContent);

// jsdom has no PointerEvent, so Testing Library would send plain events without clientX or pointerId.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

beforeAll(() => {
  if (typeof window.PointerEvent === 'undefined') vi.stubGlobal('PointerEvent', TestPointerEvent);
});
afterAll(() => vi.unstubAllGlobals());

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('catalogue-area toasts (spec §9)', () => {
  it('last 5000 ms', () => {
    renderBoth();
    act(() => catalog.success('Track added successfully!'));
    act(() => vi.advanceTimersByTime(4950));
    expect(catalogToasts()).toEqual(['Track added successfully!']);
    act(() => vi.advanceTimersByTime(60));
    expect(screen.queryByTestId('catalog-toasts')).toBeNull();
  });

  it('keep up to 20, newest on top, while the application stack keeps its own 2', () => {
    renderBoth();
    act(() => {
      for (let i = 1; i <= 22; i++) catalog.info(`c${i}`);
      app.info('a1');
      app.info('a2');
      app.info('a3');
    });
    const shown = catalogToasts();
    expect(shown).toHaveLength(20);
    expect(shown[0]).toBe('c22');
    expect(shown[19]).toBe('c3');
    const appShown = within(screen.getByTestId('toasts'))
      .getAllByTestId('toast')
      .map((el) => el.querySelector('p')?.textContent);
    expect(appShown).toEqual(['a3', 'a2']);
    expect(CATALOG_TOASTS).toEqual({ durationMs: 5000, maxVisible: 20, dragDismissRatio: 0.6 });
  });

  it('a sideways drag past 60 percent of the width dismisses; a shorter one snaps back', () => {
    expect(dragDismisses(180, 300, 0.6)).toBe(true);
    expect(dragDismisses(-180, 300, 0.6)).toBe(true);
    expect(dragDismisses(179, 300, 0.6)).toBe(false);
    expect(dragDismisses(500, 300, null)).toBe(false);

    renderBoth();
    act(() => catalog.success('Swipe me'));
    const toast = screen.getByTestId('toast');
    Object.defineProperty(toast, 'offsetWidth', { value: 300 });
    fireEvent.pointerDown(toast, { pointerId: 1, clientX: 100 });
    fireEvent.pointerMove(toast, { pointerId: 1, clientX: 200 });
    // It follows the pointer while dragged …
    expect(toast.style.transform).toBe('translateX(100px)');
    fireEvent.pointerUp(toast, { pointerId: 1, clientX: 200 });
    // … and a third of the width is not enough: it snaps back.
    expect(catalogToasts()).toEqual(['Swipe me']);
    expect(toast.style.transform).toBe('');
    fireEvent.pointerDown(toast, { pointerId: 2, clientX: 100 });
    fireEvent.pointerUp(toast, { pointerId: 2, clientX: 290 });
    expect(screen.queryByTestId('catalog-toasts')).toBeNull();
  });

  it('runs an action (Undo) once and closes', () => {
    renderBoth();
    const undo = vi.fn();
    act(() => catalog.success('Your track has been deleted', { action: { label: 'Undo', onClick: undo } }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('catalog-toasts')).toBeNull();
  });
});
