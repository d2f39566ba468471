import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, ToastProvider, useToast, type ToastApi } from './toast';

let api: ToastApi;
function Capture() {
  api = useToast();
  return null;
}

function renderToasts() {
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
}

const visible = () => screen.queryAllByTestId('toast').map((el) => el.textContent);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts (spec §9 application settings)', () => {
  it('shows at most two, newest on top, pushing the oldest out', () => {
    renderToasts();
    act(() => {
      api.success('one');
      api.info('two');
      api.warning('three');
    });
    expect(visible()).toEqual(['three', 'two']);
  });

  it('closes each after 2000 ms', () => {
    renderToasts();
    act(() => api.success('Saved'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 50));
    expect(visible()).toEqual(['Saved']);
    act(() => vi.advanceTimersByTime(60));
    expect(visible()).toEqual([]);
  });

  it('waits while the pointer is on a toast', () => {
    renderToasts();
    act(() => api.info('Read me'));
    fireEvent.mouseEnter(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(visible()).toEqual(['Read me']);
    fireEvent.mouseLeave(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(visible()).toEqual([]);
  });

  it('has a dismiss button', () => {
    renderToasts();
    act(() => api.error('Failed to add track.'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Failed to add track.' }));
    expect(visible()).toEqual([]);
  });

  it('announces politely, and errors assertively', () => {
    renderToasts();
    act(() => {
      api.success('Playlist updated successfully!');
      api.error('Failed to update playlist.');
    });
    expect(screen.getByRole('status').textContent).toBe('Playlist updated successfully!');
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('alert').textContent).toBe('Failed to update playlist.');
    expect(screen.getByRole('alert').getAttribute('aria-live')).toBe('assertive');
  });

  it('marks the type and shows no icon or progress bar', () => {
    renderToasts();
    act(() => api.warning('Careful'));
    const toast = screen.getByTestId('toast');
    expect(toast.dataset.type).toBe('warning');
    // The only svg is the dismiss button's X.
    expect(toast.querySelectorAll('svg')).toHaveLength(1);
    expect(toast.querySelector('[role="progressbar"]')).toBeNull();
  });

  it('does nothing outside a provider', () => {
    render(<Capture />);
    expect(() => api.success('x')).not.toThrow();
  });
});
