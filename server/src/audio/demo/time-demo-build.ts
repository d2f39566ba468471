// Timing script (not a test): builds a demo folder and then runs the same audio work the catalogue ingest does,
// two tracks at a time, printing per-stage timings.
//   node --import tsx server/src/audio/demo/time-demo-build.ts [songs=200] [sfx=200] [wav|flac]
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseAudio } from '../analyse';
import { shutdownHelper } from '../spawn-helper';
import { encodeFlac, encodeMp3 } from '../encode';
import type { Manifest } from './catalogue/plan';
import { buildDemoFolder } from './build-demo-folder';

const songs = Number(process.argv[2] ?? 200);
const sfx = Number(process.argv[3] ?? 200);
const format = process.argv[4] as 'flac' | 'wav' | undefined; // default: the builder's own
const keep = process.env.KEEP === '1';

// CPU seconds of this process (all threads) plus reaped children (the spawn helpers and their ffmpeg runs):
// wall time alone says little on a shared machine.
const cpu = async () => {
  const f = (await readFile('/proc/self/stat', 'utf8')).split(') ')[1]!.split(' ');
  const ticks = [11, 12, 13, 14].map((i) => Number(f[i]));
  return { self: (ticks[0]! + ticks[1]!) / 100, children: (ticks[2]! + ticks[3]!) / 100 };
};
const dir = await mkdtemp(join(tmpdir(), 'cuewave-demo-time-'));
const out = await mkdtemp(join(tmpdir(), 'cuewave-demo-out-'));
const cpu0 = await cpu();
const t0 = performance.now();
await buildDemoFolder(dir, { songs, sfx, format });
const built = performance.now();
const cpu1 = await cpu();
const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
const audioSec = { music: 0, sfx: 0 };
const stage = { analyse: 0, mp3: 0, flac: 0 };
const timed = async (k: keyof typeof stage, f: () => Promise<unknown>) => {
  const s = performance.now();
  await f();
  stage[k] += performance.now() - s;
};
let bpmOff = 0;
let queue = 0;
const worker = async () => {
  while (queue < manifest.tracks.length) {
    const t = manifest.tracks[queue++]!;
    const roles = Object.entries(t.files) as [string, string][];
    for (const [role, file] of roles) {
      await timed('analyse', async () => {
        const a = await analyseAudio(join(dir, file));
        if (role === 'instrumental') {
          audioSec[t.type] += a.durationSec;
          if (t.bpm && (a.bpm === null || Math.abs(a.bpm - t.bpm) > 2)) {
            bpmOff++;
            console.log(`tempo mismatch ${t.key} ${t.subgenre} declared ${t.bpm} measured ${a.bpm}`);
          }
        }
      });
    }
    const main = t.files.vocal ?? t.files.instrumental;
    await timed('flac', () => encodeFlac(join(dir, main), join(out, `${t.key}-master.flac`)));
    for (const [role, file] of roles) {
      if (role === 'vocal' || role === 'instrumental')
        await timed('mp3', () => encodeMp3(join(dir, file), join(out, `${t.key}-${role}.mp3`)));
      else await timed('flac', () => encodeFlac(join(dir, file), join(out, `${t.key}-${role}.flac`)));
    }
  }
};
await Promise.all([worker(), worker()]);
await shutdownHelper();
const ingested = performance.now();
const cpu2 = await cpu();
const cpuOf = (a: { self: number; children: number }, b: { self: number; children: number }) =>
  `${(b.self - a.self + b.children - a.children).toFixed(1)} CPU-s (node ${(b.self - a.self).toFixed(1)}, ffmpeg ${(b.children - a.children).toFixed(1)})`;
let bytes = 0;
for (const t of manifest.tracks)
  for (const f of Object.values(t.files)) bytes += (await stat(join(dir, f as string))).size;
const n = manifest.tracks.filter((t) => t.type === 'music').length;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `format ${format ?? 'default'}; ${n} songs (${(audioSec.music / 60).toFixed(1)} min), ${manifest.tracks.length - n} sfx (${(audioSec.sfx / 60).toFixed(1)} min); folder ${(bytes / 1e6).toFixed(0)} MB`,
);
console.log(`build ${s(built - t0)} | ingest work ${s(ingested - built)} (2 at a time) | total ${s(ingested - t0)}`);
console.log(
  `CPU: build ${cpuOf(cpu0, cpu1)}; ingest ${cpuOf(cpu1, cpu2)}; total ${cpuOf(cpu0, cpu2)}; load average now ${(await readFile('/proc/loadavg', 'utf8')).split(' ')[0]}`,
);
console.log(`ingest busy time: analyse ${s(stage.analyse)}, mp3 ${s(stage.mp3)}, flac ${s(stage.flac)}`);
console.log(
  `per audio minute: analyse ${(stage.analyse / ((audioSec.music + audioSec.sfx) / 60) / 1000).toFixed(3)} s (per source file; songs have 3-4)`,
);
console.log(`tempo mismatches: ${bpmOff}`);
if (!keep) await Promise.all([rm(dir, { recursive: true, force: true }), rm(out, { recursive: true, force: true })]);
else console.log(`kept ${dir}`);
