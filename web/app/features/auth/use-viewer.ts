import { useCallback } from 'react';
import type { Me } from '@cuewave/contract/account';
import { useRevalidator, useRouteLoaderData } from 'react-router';

type RootData = { me?: Me | null } | undefined;

/** The signed-in viewer from the root loader (fresh on every navigation), or null for a visitor. */
export function useViewer(): Me | null {
  const root = useRouteLoaderData('root') as RootData;
  return root?.me ?? null;
}

/** Re-runs the loaders (the root one included), e.g. after a step changed the registration state. */
export function useRefreshViewer(): () => Promise<void> {
  const revalidator = useRevalidator();
  return useCallback(() => revalidator.revalidate(), [revalidator]);
}
