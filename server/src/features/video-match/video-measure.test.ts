import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoMeasures } from '@cuewave/contract/video-match';
import { runFfmpeg } from '../../audio/ffmpeg';
import { LABELLED_CLIPS, makeClip } from './video-clips';
import { measurePicture, measureSound } from './video-measure';
import { probeVideo } from './video-probe';
import { targetOf } from './video-target';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cuewave-video-measure-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function measure(path: string): Promise<VideoMeasures> {
  const probe = await probeVideo(path);
  const picture = await measurePicture(path, probe.durationSec, { maxSeconds: 600 });
  const sound = await measureSound(path, 600);
  return { durationSec: probe.durationSec ?? picture.seconds, ...picture, ...sound };
}

describe('video measures', () => {
  it('counts the cuts and reads the light of generated clips in every container', { timeout: 120_000 }, async () => {
    const fast = await measure(
      await makeClip(dir, 'fast', {
        seconds: 12,
        cutEvery: 0.5,
        light: 'bright',
        sound: { toneDb: -12 },
        container: 'webm',
      }),
    );
    // A new shot every 0.5 s is 120 a minute (the first shot is not a cut).
    expect(fast.cutsPerMinute).toBeGreaterThan(105);
    expect(fast.cutsPerMinute).toBeLessThan(125);
    expect(fast.brightness).toBeGreaterThan(0.75);
    expect(fast.loudnessDb).toBeGreaterThan(-15);
    expect(fast.loudnessDb).toBeLessThan(-9);
    expect(fast.speech).toBeLessThan(0.2);

    const slow = await measure(
      await makeClip(dir, 'slow', { seconds: 12, cutEvery: 4, light: 'dark', sound: 'silent', container: 'mov' }),
    );
    expect(slow.cutsPerMinute).toBeGreaterThan(8);
    expect(slow.cutsPerMinute).toBeLessThan(12);
    expect(slow.brightness).toBeLessThan(0.2);
    expect(slow).toMatchObject({ hasAudio: true, silent: true, loudnessDb: null });

    const still = await measure(
      await makeClip(dir, 'still', { seconds: 6, cutEvery: null, light: 'mid', sound: 'none', container: 'mkv' }),
    );
    expect(still.cutsPerMinute).toBe(0);
    expect(still.motion).toBeLessThan(0.05);
    expect(still).toMatchObject({ hasAudio: false, silent: true });
    expect(still.durationSec).toBeCloseTo(6, 0);
  });

  it('puts clips of known pace and light in their energy class', { timeout: 240_000 }, async () => {
    const picked = ['still-dark-quiet', 'steady-mid', 'fast-bright-loud', 'steady-bright-mute'];
    for (const clip of LABELLED_CLIPS.filter((c) => picked.includes(c.name))) {
      const target = targetOf(await measure(await makeClip(dir, clip.name, clip.spec)));
      expect(`${clip.name}: ${target.energyClass}`).toBe(`${clip.name}: ${clip.expected}`);
    }
    const fast = LABELLED_CLIPS.find((c) => c.name === 'fast-bright-loud')!;
    const target = targetOf(await measure(await makeClip(dir, 'again', fast.spec)));
    expect(target.bpm).toEqual({ from: 120, to: 140 });
    expect(target.reasons[0]).toMatchObject({ kind: 'cutRate', level: 'fast', motion: 'little' });
    expect(target.reasons[0]!.text).toMatch(/^fast cuts \(\d+ a minute\), little motion → 120–140 BPM$/);
  });

  it('tells speech-like sound (syllable-rate bursts and pauses) from a steady beat', { timeout: 60_000 }, async () => {
    const speechy = join(dir, 'speechy.wav');
    const beat = join(dir, 'beat.wav');
    // Noise gated by two unrelated syllable rates (3.3 and 5.1 Hz): bursts of irregular length and pauses.
    const gate = "volume='if(gt(sin(2*PI*3.3*t)+sin(2*PI*5.1*t)+0.2*sin(2*PI*1.1*t),0.6),1,0.01)':eval=frame";
    await runFfmpeg(['-v', 'error', '-y', '-f', 'lavfi', '-i', `anoisesrc=d=12:r=8000:a=0.3,${gate}`, speechy]);
    // An accent every half second on a held tone: one steady rate.
    const accent = "volume='if(lt(mod(t,0.5),0.1),1,0.2)':eval=frame";
    await runFfmpeg(['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=f=220:d=12:r=8000,${accent}`, beat]);
    const speech = await measureSound(speechy, 600);
    const music = await measureSound(beat, 600);
    expect(speech.speech).toBeGreaterThan(0.15);
    expect(music.speech).toBe(0);
  });
});
