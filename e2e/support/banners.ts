import { expect, type APIRequestContext } from '@playwright/test';
import { registerUser, TEST_PASSWORD } from './accounts';
import { signIn, type Bearer } from './checkout';
import { OPERATOR_EMAIL } from './operator';

/**
 * The 40 % coupon the Easter banner journey offers (the variant's discount, spec §9). playwright.config.ts
 * creates it with the coupon CLI before the journeys' server starts, like E2E_COUPON.
 */
export const E2E_BANNER_COUPON = { code: 'E2E-EASTER40', percent: 40 } as const;

/** The operator's bearer (OPERATOR_EMAILS of the e2e server); a reused data folder has the account. */
export async function operatorBearer(request: APIRequestContext): Promise<Bearer> {
  const exists = await request.post('/api/auth/token', {
    form: { grant_type: 'password', username: OPERATOR_EMAIL, password: TEST_PASSWORD },
  });
  if (exists.status() !== 200) await registerUser(request, OPERATOR_EMAIL);
  return signIn(request, OPERATOR_EMAIL, TEST_PASSWORD);
}

/** Schedules a banner through the operators' API; answers its id. */
export async function scheduleBanner(request: APIRequestContext, headers: Bearer, body: object): Promise<string> {
  const response = await request.post('/api/v1/banners', { headers, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export async function removeBanner(request: APIRequestContext, headers: Bearer, id: string): Promise<void> {
  const response = await request.delete(`/api/v1/banners/${id}`, { headers });
  expect([204, 404]).toContain(response.status());
}
