import { createContext, useContext, type ReactNode } from 'react';
import type { Plan } from '@cuewave/contract/pricing';

const PlansContext = createContext<Plan[]>([]);

/** The plan list (GET /v1/subscription/plans) the page loaded, for the change dialogs' prices. */
export function PlansProvider({ plans, children }: { plans: Plan[]; children: ReactNode }) {
  return <PlansContext.Provider value={plans}>{children}</PlansContext.Provider>;
}

export function usePlans(): Plan[] {
  return useContext(PlansContext);
}
