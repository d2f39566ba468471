import type { Access } from '@cuewave/contract/account';

/**
 * The access state of spec §3 (isRegisterComplete, isPendingPayment, isNoPlan), persisted in
 * localStorage ("access flags in default storage", spec §9). The server's answer (Me.access) is the
 * truth; this copy lets client code read the flags without a round trip, and it is rewritten
 * whenever the viewer changes and cleared on sign-out.
 */
export const ACCESS_STORAGE_KEY = 'access';

export const NO_ACCESS: Access = { isRegisterComplete: false, isPendingPayment: false, isNoPlan: true };

export function readAccess(): Access | null {
  try {
    const raw = window.localStorage.getItem(ACCESS_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Access>;
    return {
      isRegisterComplete: value.isRegisterComplete === true,
      isPendingPayment: value.isPendingPayment === true,
      isNoPlan: value.isNoPlan !== false,
    };
  } catch {
    return null;
  }
}

export function writeAccess(access: Access): void {
  try {
    const next = JSON.stringify({
      isRegisterComplete: access.isRegisterComplete,
      isPendingPayment: access.isPendingPayment,
      isNoPlan: access.isNoPlan,
    });
    if (window.localStorage.getItem(ACCESS_STORAGE_KEY) !== next) window.localStorage.setItem(ACCESS_STORAGE_KEY, next);
  } catch {
    // Storage can be full or blocked (private mode); the flags are a cache of the server's answer.
  }
}

/** Spec §4: "access flags can be set individually". */
export function setAccessFlag(flag: keyof Access, value: boolean): void {
  writeAccess({ ...(readAccess() ?? NO_ACCESS), [flag]: value });
}

export function clearAccess(): void {
  try {
    window.localStorage.removeItem(ACCESS_STORAGE_KEY);
  } catch {
    // see writeAccess
  }
}
