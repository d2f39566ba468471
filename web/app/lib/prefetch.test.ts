import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { prefetchAllowed, useLinkPrefetch } from './prefetch';

/** navigator.connection as Chromium exposes it: fields that change, and a 'change' event. */
function fakeConnection(initial: { saveData?: boolean; effectiveType?: string }) {
  const connection = Object.assign(new EventTarget(), initial);
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
  return connection;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'connection');
});

describe('link prefetch on intent (spec §9)', () => {
  it('prefetches on fast and unknown connections, never with Save-Data or on 2g', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({})).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
  });

  it('links prefetch on intent in a browser without the Network Information API', () => {
    const { result } = renderHook(() => useLinkPrefetch());
    expect(result.current).toBe('intent');
  });

  it('a visitor with data saver on gets links that do not prefetch', () => {
    fakeConnection({ effectiveType: '4g', saveData: true });
    const { result } = renderHook(() => useLinkPrefetch());
    expect(result.current).toBe('none');
  });

  it('follows the connection live: dropping to 2g stops prefetching, coming back resumes it', () => {
    const connection = fakeConnection({ effectiveType: '4g' });
    const { result } = renderHook(() => useLinkPrefetch());
    expect(result.current).toBe('intent');
    act(() => {
      connection.effectiveType = 'slow-2g';
      connection.dispatchEvent(new Event('change'));
    });
    expect(result.current).toBe('none');
    act(() => {
      connection.effectiveType = '4g';
      connection.dispatchEvent(new Event('change'));
    });
    expect(result.current).toBe('intent');
  });
});
