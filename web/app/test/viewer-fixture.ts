import type { Me } from '@cuewave/contract/account';

/**
 * A signed-in viewer as GET /auth/me answers it, for component tests. A registration step means
 * the account is still in the registration order, which is what the access flags follow.
 */
export function viewerFixture({
  email = 'ada@example.com',
  confirmedEmail = true,
  registrationStep = null,
}: { email?: string; confirmedEmail?: boolean; registrationStep?: Me['registrationStep'] } = {}): Me {
  return {
    account: {
      id: 'u1',
      email,
      confirmedEmail,
      phone: null,
      confirmedPhone: false,
      newsletter: false,
      mobileNotifications: false,
      rating: null,
      signupPlan: null,
      signupPeriod: null,
      language: 'en',
      createTS: '2025-01-01T00:00:00Z',
    },
    subscription: null,
    access: { isRegisterComplete: !registrationStep, isPendingPayment: false, isNoPlan: !!registrationStep },
    registrationStep,
  };
}
