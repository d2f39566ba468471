import { CHANNEL_EXAMPLES, CHANNEL_LABELS, CHANNEL_TYPES, type ChannelType } from '@cuewave/contract/licence';
import { channelLabel, type SubscriptionT } from './status';

/**
 * The contract's normaliseChannelUrl() explains a refused address in English only (the server shares it).
 * This words the same explanation in the page's language: each of its sentences is recognised by its
 * opening and re-said from the `channelUrl` texts; the unit test keeps the two in step (the English texts
 * equal the contract's own words). An explanation not recognised falls back to "Enter a … address".
 */
const PROBLEMS: ReadonlyArray<{ pattern: RegExp; key: string }> = [
  { pattern: /^Use an address of at most (\d+) characters/, key: 'tooLong' },
  { pattern: /^Use a secure https:\/\/ address/, key: 'https' },
  { pattern: /^Leave out any user name or password/, key: 'credentials' },
  { pattern: /^Use a domain name, not an IP address/, key: 'ip' },
  { pattern: /^Use a full domain name/, key: 'domain' },
  { pattern: /^Use a public address, not a local one/, key: 'local' },
];

function enterKey(type: ChannelType): string {
  if (type === 'website') return 'channelUrl.enterWebsite';
  if (type === 'podcast') return 'channelUrl.enterPodcast';
  return type === 'youtube' || type === 'twitch' ? 'channelUrl.enterChannel' : 'channelUrl.enterProfile';
}

export function channelUrlProblemText(type: ChannelType, message: string, t: SubscriptionT): string {
  const example = CHANNEL_EXAMPLES[type];
  const other = /^This is an? (.+) address: choose/.exec(message)?.[1];
  const otherType = other ? CHANNEL_TYPES.find((candidate) => CHANNEL_LABELS[candidate] === other) : undefined;
  if (otherType) return t('channelUrl.otherPlatform', { platform: channelLabel(otherType, t) });
  for (const { pattern, key } of PROBLEMS) {
    const match = pattern.exec(message);
    if (match) return t(`channelUrl.${key}`, { max: match[1], example });
  }
  return t(enterKey(type), { platform: channelLabel(type, t), example });
}
