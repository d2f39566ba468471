import type { Channel } from '@cuewave/contract/licence';
import type { Db } from '../../db/client';
import { selectChannels, type ChannelRow } from './channel.repo';

// Reading channels apart from changing them: the licence lists them, and removing one supersedes
// licences, so the licence feature reads from here while channel.service calls the licence feature.

export function toChannel(row: ChannelRow): Channel {
  return { id: row.id, type: row.type, url: row.url, createTS: row.created_at.toISOString() };
}

/** The account's channels, oldest first. Other features use this too (a downgrade keeps a subset). */
export async function listChannels(deps: { db: Db }, accountId: string): Promise<Channel[]> {
  return (await selectChannels(deps.db, accountId)).map(toChannel);
}
