import { useCallback } from 'react';
import { useNavigate, useOutletContext } from 'react-router';
import type { Me } from '@cuewave/contract/account';
import { useLocalizedPath } from '../shell/edition';

/** What the register layout hands its pages: the viewer its guard just read. */
export type RegisterContext = { viewer: Me | null };

/** The signed-in viewer on a register page (null for a visitor), fresh for every step. */
export function useRegisterViewer(): Me | null {
  return useOutletContext<RegisterContext | undefined>()?.viewer ?? null;
}

/**
 * Moves to another register page once a step's call succeeded. The move re-runs the loaders (single
 * fetch revalidates them on every navigation), so the step guard and the root's viewer see the new
 * state; refreshing before moving would instead re-check the current page, which the new state may
 * no longer allow (trial, once started, redirects home).
 */
export function useGoTo(): (path: string, state?: Record<string, unknown>) => Promise<void> {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  return useCallback(
    async (path, state) => {
      await navigate(localized(path), { state });
    },
    [navigate, localized],
  );
}
