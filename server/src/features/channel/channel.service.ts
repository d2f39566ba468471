import { CHANNEL_LIMITS, type PlanName } from '@cuewave/contract/account';
import { normaliseChannelUrl, type AddChannelBody, type Channel } from '@cuewave/contract/licence';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { supersedeLicencesCovering } from '../licence/licence.service';
import { listPlans } from '../pricing/pricing.service';
import { currentSubscription } from '../subscription/subscription.service';
import { deleteChannelRow, hasChannelUrl, insertChannel, lockAccountChannels, selectChannels } from './channel.repo';
import { toChannel } from './channel-list';

export type ChannelDeps = { db: Db; clock: Clock };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Free trial" or "Professional plan", for messages. */
export function planPhrase(plan: PlanName): string {
  const title = listPlans().find((p) => p.name === plan)?.title ?? plan;
  return plan === 'trial' ? title : `${title} plan`;
}

const channelsWord = (n: number) => `${n} channel${n === 1 ? '' : 's'}`;

/**
 * Adds a channel the licence covers: the address is checked for its platform and normalised, a
 * channel already on the account answers 409, and never more than the current plan's limit (spec §6).
 * Channel changes of one account are serialised, so two adds at the limit cannot both succeed.
 */
export async function addChannel(deps: ChannelDeps, accountId: string, body: AddChannelBody): Promise<Channel> {
  const parsed = normaliseChannelUrl(body.type, body.url);
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', `Invalid body: url: ${parsed.message}`);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await lockAccountChannels(trx, accountId);
      const subscription = await currentSubscription({ db: trx, clock: deps.clock }, accountId);
      if (!subscription) {
        throw new AppError(
          'FORBIDDEN',
          'Channels come with a subscription. Start your free trial or choose a plan to add channels.',
        );
      }
      if (await hasChannelUrl(trx, accountId, parsed.url)) {
        throw new AppError('CONFLICT', 'This channel is already on your licence.');
      }
      const limit = CHANNEL_LIMITS[subscription.planType];
      const count = (await selectChannels(trx, accountId)).length;
      if (count >= limit) {
        const next = subscription.planType === 'enterprise' ? 'contact us' : 'upgrade';
        throw new AppError(
          'CONFLICT',
          `Your ${planPhrase(subscription.planType)} covers ${channelsWord(limit)}. Remove one or ${next} to add more.`,
        );
      }
      return toChannel(await insertChannel(trx, accountId, { type: body.type, url: parsed.url }, deps.clock.now()));
    });
  } catch (err) {
    // The unique index is the last word should the same address arrive some other way.
    if ((err as { code?: unknown }).code === '23505') {
      throw new AppError('CONFLICT', 'This channel is already on your licence.');
    }
    throw err;
  }
}

/**
 * Removes one of the account's channels (404 for anyone else's). A certificate listing it stops
 * being current at once, so a removed channel cannot stay covered beside its replacement.
 */
export async function removeChannel(deps: ChannelDeps, accountId: string, channelId: string): Promise<void> {
  if (!UUID.test(channelId)) throw notFound('Channel');
  await deps.db.transaction().execute(async (trx) => {
    await lockAccountChannels(trx, accountId);
    const removed = await deleteChannelRow(trx, accountId, channelId);
    if (!removed) throw notFound('Channel');
    await supersedeLicencesCovering({ db: trx, clock: deps.clock }, accountId, removed.url);
  });
}
