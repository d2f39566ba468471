import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VideoMeasures } from '@cuewave/contract/video-match';
import { LABELLED_CLIPS, makeClip } from '../../server/src/features/video-match/video-clips';
import { measurePicture, measureSound } from '../../server/src/features/video-match/video-measure';
import { probeVideo } from '../../server/src/features/video-match/video-probe';
import { targetOf } from '../../server/src/features/video-match/video-target';

/**
 * AI video match (decision 068): clips drawn by ffmpeg with a known cut rate, light and sound, in all
 * four containers, each labelled with the energy class it should land in; the share that lands there.
 * The clips are generated into a temporary folder and deleted (nothing is committed). The analysis is
 * the job's own (probe, picture, sound, target), without the upload around it.
 */
export async function videoEnergySection(verbose: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cuewave-video-bench-'));
  try {
    let right = 0;
    const started = Date.now();
    const lines: string[] = [];
    for (const clip of LABELLED_CLIPS) {
      const path = await makeClip(dir, clip.name, clip.spec);
      const probe = await probeVideo(path);
      const picture = await measurePicture(path, probe.durationSec, { maxSeconds: 600 });
      const sound = await measureSound(path, 600);
      const measures: VideoMeasures = { durationSec: probe.durationSec ?? picture.seconds, ...picture, ...sound };
      const target = targetOf(measures);
      const ok = target.energyClass === clip.expected;
      if (ok) right++;
      lines.push(
        `  ${ok ? 'ok  ' : 'MISS'} ${clip.name.padEnd(20)} ${clip.spec.container.padEnd(5)} expected ${clip.expected.padEnd(6)} ` +
          `got ${target.energyClass.padEnd(6)} energy ${target.energy.toFixed(2)}  cuts/min ${measures.cutsPerMinute.toFixed(0).padStart(3)}  ` +
          `light ${measures.brightness.toFixed(2)}  sound ${measures.loudnessDb === null ? 'none' : `${measures.loudnessDb.toFixed(0)} dB`}`,
      );
    }
    const share = right / LABELLED_CLIPS.length;
    console.log(
      `\nVideo match: ${right}/${LABELLED_CLIPS.length} generated clips in the right energy class (${(share * 100).toFixed(0)} %), ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (verbose || share < 1) for (const line of lines) console.log(line);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
