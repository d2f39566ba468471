import type { BillingPeriod, PlanName } from '@cuewave/contract/account';
import type { AddChannelBody, Channel, ChannelRef } from '@cuewave/contract/licence';
import type { Plan } from '@cuewave/contract/pricing';
import type { SubscriptionActionResult, SubscriptionDetail } from '@cuewave/contract/subscription';
import { apiGet, apiSend, type ApiOptions } from '../../lib/api';

/** The subscription calls of spec §7 the dashboard makes; shapes in contract/src/subscription.ts. */

export const getSubscription = (options?: ApiOptions) => apiGet<SubscriptionDetail | null>('/v1/subscription', options);
export const getHistory = (options?: ApiOptions) => apiGet<SubscriptionDetail[]>('/v1/subscription/list/my', options);
export const getChannels = (options?: ApiOptions) => apiGet<Channel[]>('/v1/subscription/channels', options);
export const getPlans = (options?: ApiOptions) => apiGet<Plan[]>('/v1/subscription/plans', options);

/** 201 active, 202 waiting for the 3-D Secure step (payment.action), 402 PAYMENT_FAILED (thrown). */
export const upgrade = (plan: PlanName, period: BillingPeriod) =>
  apiSend<SubscriptionActionResult>('POST', `/v1/subscription/upgrade/${plan}/${period}`, { json: {} });

export const downgrade = (plan: PlanName, period: BillingPeriod, channels: ChannelRef[]) =>
  apiSend<SubscriptionDetail>('POST', `/v1/subscription/downgrade/${plan}/${period}`, { json: { channels } });

export const cancelDowngrade = () => apiSend<SubscriptionDetail>('DELETE', '/v1/subscription/cancel/downgrade');

export const changePeriod = (period: BillingPeriod) =>
  apiSend<SubscriptionDetail>('POST', `/v1/subscription/period/${period}`);

export const cancelPeriodChange = () => apiSend<SubscriptionDetail>('DELETE', '/v1/subscription/cancel/period');

export const cancelRenewal = () => apiSend<SubscriptionDetail>('DELETE', '/v1/subscription/cancel/renew');

/** Cancelled: back to active without a charge. Payment: charges the default card now (402 when it fails). */
export const renew = () => apiSend<SubscriptionActionResult>('POST', '/v1/subscription/renew', { json: {} });

export const addChannel = (body: AddChannelBody) =>
  apiSend<Channel>('POST', '/v1/subscription/channels', { json: body });
export const removeChannel = (id: string) => apiSend('DELETE', `/v1/subscription/channels/${encodeURIComponent(id)}`);
