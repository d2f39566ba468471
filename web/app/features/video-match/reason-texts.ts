import type { TFunction } from 'i18next';
import type { VideoFitReason, VideoTargetReason } from '@cuewave/contract/video-match';
import { formatDuration } from '../../lib/format';

type T = TFunction<'video-match'>;
type FormatNumber = (value: number) => string;

/**
 * The analysis' reasons in the page's language (decision 068): the API sends each as a code with its
 * values and an English sentence; the words come from the `video-match` texts. A kind this web does not
 * know yet (a newer API) shows the API's English sentence rather than nothing.
 */
export function targetReasonText(reason: VideoTargetReason, t: T, number: FormatNumber): string {
  switch (reason.kind) {
    case 'cutRate':
      return t('reason.cutRate', {
        cuts: t(`reason.cuts.${reason.level}`),
        perMinute: number(reason.cutsPerMinute),
        motion: t(`reason.motion.${reason.motion}`),
        from: reason.bpm.from,
        to: reason.bpm.to,
      });
    case 'light':
      return t('reason.light', {
        light: t(`reason.lightLevel.${reason.light}`),
        pace: t(`reason.pace.${reason.energyClass}`),
        moods: t(`reason.moodsFor.${reason.energyClass}`),
        // Mood names are the catalogue's own (data), shown as it names them.
        names: reason.moods.join(', '),
      });
    case 'sound':
      return t(reason.raisesEnergy ? 'reason.sound.raises' : 'reason.sound.keeps', { db: number(reason.loudnessDb) });
    case 'speech':
      return t('reason.speech');
    case 'length':
      return t('reason.length', { length: formatDuration(reason.durationSec) });
    default:
      return (reason as { text: string }).text;
  }
}

/** Why one track fits, in the page's language (the same rule as the video's reasons). */
export function fitReasonText(reason: VideoFitReason, t: T): string {
  switch (reason.kind) {
    case 'tempo':
      return t(`fitReason.tempo.${reason.time}`, { bpm: reason.bpm, from: reason.range.from, to: reason.range.to });
    case 'mood':
      return t('fitReason.mood', { mood: reason.mood });
    case 'energy':
      return t(`fitReason.energy.${reason.level}`);
    case 'length':
      return t('fitReason.length', { track: formatDuration(reason.trackSec), video: formatDuration(reason.videoSec) });
    case 'instrumental':
      return t('fitReason.instrumental');
    default:
      return (reason as { text: string }).text;
  }
}
