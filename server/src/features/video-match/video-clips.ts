import { join } from 'node:path';
import type { EnergyClass, VideoContainer } from '@cuewave/contract/video-match';
import { runFfmpeg } from '../../audio/ffmpeg';

/**
 * Small generated videos with a known cut rate, brightness and sound, drawn by ffmpeg's lavfi sources
 * (tests, the search-quality bench, the e2e journey). A "cut" switches between three colours of the
 * chosen light level, so a cut changes both the pixels and the palette, as a change of shot does.
 */
export type ClipSpec = {
  seconds: number;
  /** A new shot every this many seconds; null for one long shot. */
  cutEvery: number | null;
  light: 'dark' | 'mid' | 'bright';
  /** A steady tone at this level (dBFS RMS), digital silence, or no audio track at all. */
  sound: { toneDb: number } | 'silent' | 'none';
  container: VideoContainer;
  /** Frame size; tiny by default. */
  size?: string;
};

const PALETTES: Record<ClipSpec['light'], [number, number, number][]> = {
  dark: [
    [90, 10, 10],
    [10, 70, 10],
    [10, 10, 100],
  ],
  mid: [
    [160, 90, 40],
    [60, 140, 90],
    [80, 90, 170],
  ],
  bright: [
    [250, 230, 140],
    [170, 250, 230],
    [250, 190, 230],
  ],
};

function colourExpression(channel: 0 | 1 | 2, palette: [number, number, number][], cutEvery: number | null): string {
  const [a, b, c] = palette.map((colour) => colour[channel]);
  if (cutEvery === null) return String(a);
  const shot = `mod(floor(T/${cutEvery}),3)`;
  return `if(eq(${shot},0),${a},if(eq(${shot},1),${b},${c}))`;
}

const CODECS: Record<VideoContainer, { video: string[]; audio: string[] }> = {
  mp4: { video: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], audio: ['-c:a', 'aac'] },
  mov: { video: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], audio: ['-c:a', 'aac'] },
  webm: {
    video: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k'],
    audio: ['-c:a', 'libopus'],
  },
  mkv: { video: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], audio: ['-c:a', 'flac'] },
};

/** Writes the clip to `dir/name.<container>` and returns its path. */
export async function makeClip(dir: string, name: string, spec: ClipSpec): Promise<string> {
  const path = join(dir, `${name}.${spec.container}`);
  const palette = PALETTES[spec.light];
  const geq = ([0, 1, 2] as const)
    .map((ch) => `${'rgb'[ch]}='${colourExpression(ch, palette, spec.cutEvery)}'`)
    .join(':');
  const video = `color=c=black:s=${spec.size ?? '64x36'}:r=10:d=${spec.seconds},format=rgb24,geq=${geq}`;
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', video];
  if (spec.sound === 'silent') args.push('-f', 'lavfi', '-i', `anullsrc=r=22050:cl=mono`);
  else if (spec.sound !== 'none') {
    // lavfi's sine has amplitude 1/8, -21 dBFS RMS: the volume takes it to the wanted level.
    args.push(
      '-f',
      'lavfi',
      '-i',
      `sine=f=330:r=22050:d=${spec.seconds},volume=${(spec.sound.toneDb + 21.07).toFixed(2)}dB`,
    );
  }
  args.push(...CODECS[spec.container].video);
  if (spec.sound === 'none') args.push('-an');
  else args.push(...CODECS[spec.container].audio);
  args.push('-t', String(spec.seconds), path);
  const { code, stderr } = await runFfmpeg(args);
  if (code !== 0) throw new Error(`could not make clip ${name}: ${stderr.slice(-500)}`);
  return path;
}

/** The labelled set the bench scores: each clip's cut rate, light and sound put it in a known energy class. */
export const LABELLED_CLIPS: { name: string; expected: EnergyClass; spec: ClipSpec }[] = [
  {
    name: 'still-dark-quiet',
    expected: 'low',
    spec: { seconds: 24, cutEvery: 12, light: 'dark', sound: { toneDb: -34 }, container: 'mp4' },
  },
  {
    name: 'still-mid-mute',
    expected: 'low',
    spec: { seconds: 20, cutEvery: null, light: 'mid', sound: 'none', container: 'webm' },
  },
  {
    name: 'slow-bright-quiet',
    expected: 'low',
    spec: { seconds: 24, cutEvery: 10, light: 'bright', sound: { toneDb: -36 }, container: 'mov' },
  },
  {
    name: 'slow-dark-silent',
    expected: 'low',
    spec: { seconds: 30, cutEvery: 8, light: 'dark', sound: 'silent', container: 'mkv' },
  },
  {
    name: 'steady-mid',
    expected: 'medium',
    spec: { seconds: 24, cutEvery: 3, light: 'mid', sound: { toneDb: -22 }, container: 'mp4' },
  },
  {
    name: 'steady-dark',
    expected: 'medium',
    spec: { seconds: 24, cutEvery: 2.5, light: 'dark', sound: { toneDb: -20 }, container: 'webm' },
  },
  {
    name: 'steady-bright-mute',
    expected: 'medium',
    spec: { seconds: 20, cutEvery: 3, light: 'bright', sound: 'none', container: 'mkv' },
  },
  {
    name: 'steady-mid-silent',
    expected: 'medium',
    spec: { seconds: 24, cutEvery: 3.5, light: 'mid', sound: 'silent', container: 'mov' },
  },
  {
    name: 'fast-bright-loud',
    expected: 'high',
    spec: { seconds: 16, cutEvery: 0.5, light: 'bright', sound: { toneDb: -10 }, container: 'mp4' },
  },
  {
    name: 'fast-dark-loud',
    expected: 'high',
    spec: { seconds: 16, cutEvery: 0.75, light: 'dark', sound: { toneDb: -12 }, container: 'mkv' },
  },
  {
    name: 'fast-mid-mute',
    expected: 'high',
    spec: { seconds: 16, cutEvery: 0.5, light: 'mid', sound: 'none', container: 'webm' },
  },
  {
    name: 'fast-bright-silent',
    expected: 'high',
    spec: { seconds: 16, cutEvery: 1, light: 'bright', sound: 'silent', container: 'mov' },
  },
];
