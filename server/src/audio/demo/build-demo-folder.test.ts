import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseAudio, type AudioAnalysis } from '../analyse';
import { probeFormat } from '../ffmpeg';
import type { Manifest } from './catalogue/plan';
import { buildDemoFolder } from './build-demo-folder';
import { parseTrack } from '../../features/catalog/manifest';

let dir = '';
let manifest: Manifest;
const analyses = new Map<string, AudioAnalysis>();
const progress: [number, number][] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cuewave-demo-test-'));
  await buildDemoFolder(dir, { songs: 4, sfx: 12, seed: 7, onProgress: (d, t) => progress.push([d, t]) });
  manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  for (const t of manifest.tracks)
    for (const f of Object.values(t.files)) analyses.set(f as string, await analyseAudio(join(dir, f as string)));
}, 180_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('buildDemoFolder (4 songs, 12 sfx)', () => {
  it('writes a manifest with the README shape', () => {
    expect(manifest.tracks.filter((t) => t.type === 'music')).toHaveLength(4);
    expect(manifest.tracks.filter((t) => t.type === 'sfx')).toHaveLength(12);
    expect(manifest.genres.length).toBeGreaterThanOrEqual(10);
    for (const g of manifest.genres) expect(g.subgenres.length).toBeGreaterThanOrEqual(3);
    const names = manifest.genres.flatMap((g) => [g.name, ...g.subgenres.map((s) => s.name)]);
    expect(names).toEqual(expect.arrayContaining(['Rock & Roll', 'Día de Muertos', 'R&B & Soul', 'Música Latina']));
    expect(manifest.moods.map((m) => m.name)).toEqual(
      expect.arrayContaining([
        'Happy',
        'Uplifting',
        'Chill',
        'Dark',
        'Epic',
        'Romantic',
        'Dreamy',
        'Energetic',
        'Melancholic',
        'Mysterious',
        'Playful',
        'Tense',
      ]),
    );
    expect(manifest.sfxCategories).toHaveLength(12);
    const keys = new Set(manifest.tracks.map((t) => t.key));
    expect(keys.size).toBe(manifest.tracks.length);
    expect(new Set(manifest.tracks.map((t) => `${t.title}|${t.artist}`)).size).toBe(manifest.tracks.length);
    for (const t of manifest.tracks) {
      expect(t.title.length).toBeGreaterThan(0);
      if (t.type === 'music') {
        expect(t.genre && t.subgenre).toBeTruthy();
        expect(names).toContain(t.subgenre);
        expect(t.moods.length).toBeGreaterThan(0);
        expect(t.tags.length).toBeGreaterThan(2);
        expect(t.bpm).toBeGreaterThanOrEqual(60);
        expect(t.files.stem_bass && t.files.stem_instruments && t.files.instrumental).toBeTruthy();
      } else {
        expect(t.category).toBeTruthy();
        expect(t.bpm).toBeUndefined();
        expect(Object.keys(t.files)).toEqual(['instrumental']);
      }
    }
  });

  it('fills the search fields truthfully, in the shape the ingest accepts', () => {
    for (const [index, t] of manifest.tracks.entries()) {
      const parsed = parseTrack(t, index);
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
      expect(t.releaseYear).toBeGreaterThanOrEqual(2015);
      expect(t.releaseYear).toBeLessThanOrEqual(2026);
      expect(t.keywords.length).toBeGreaterThan(0);
      if (t.type === 'music') {
        expect(t.instruments).toContain('drums');
        expect(t.instruments!.includes('vocals')).toBe(Boolean(t.files.vocal));
        expect(t.description).toContain(`${t.subgenre} ${t.files.vocal ? 'song' : 'instrumental'} in `);
        expect(t.description).toContain(`at ${t.bpm} BPM`);
        expect(t.description).toMatch(/ (major|minor) /);
        for (const name of t.instruments!.filter((i) => i !== 'vocals' && i !== 'drum machine'))
          expect(t.description).toContain(name);
        expect(t.description).toContain(t.files.vocal ? 'wordless sung vocals' : 'no vocals');
        expect(t.description.toLowerCase()).toContain(t.moods[0]!.toLowerCase());
      } else {
        expect(t.instruments).toBeUndefined();
        const seconds = analyses.get(t.files.instrumental)!.durationSec;
        const stated = Number(/^An? ([\d.]+)-second /.exec(t.description)?.[1]);
        expect(Math.abs(stated - seconds), t.description).toBeLessThanOrEqual(0.51);
      }
    }
  });

  it('has curated, reels and top playlists that only reference known tracks', () => {
    const keys = new Set(manifest.tracks.map((t) => t.key));
    const byPlacement = (p: string) => manifest.playlists.filter((l) => l.placement === p);
    expect(
      manifest.playlists.filter((l) => ['homepage', 'music', 'sfx'].includes(l.placement)).length,
    ).toBeGreaterThanOrEqual(10);
    expect(byPlacement('reels').length).toBeGreaterThanOrEqual(3);
    expect(byPlacement('top')).toHaveLength(1);
    for (const l of manifest.playlists) {
      expect(l.tracks.length).toBeGreaterThan(0);
      for (const k of l.tracks) expect(keys.has(k)).toBe(true);
    }
  });

  it('writes SVG covers for every referenced cover path', async () => {
    const paths = [
      ...manifest.genres.flatMap((g) => [g.cover, ...g.subgenres.map((s) => s.cover)]),
      ...manifest.moods.map((m) => m.cover),
      ...manifest.sfxCategories.map((c) => c.cover),
      ...manifest.playlists.map((p) => p.cover),
      ...manifest.tracks.flatMap((t) => (t.cover ? [t.cover] : [])),
    ];
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) {
      const svg = await readFile(join(dir, p), 'utf8');
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 800 800"/);
      expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;)/);
      // The app captions every tile and titles every page beside its cover: a lettered name showed twice.
      expect(svg, p).not.toMatch(/<text\b/);
    }
  });

  it('writes decodable, non-silent, unclipped audio of the planned lengths', async () => {
    for (const t of manifest.tracks) {
      for (const f of Object.values(t.files) as string[]) {
        expect((await stat(join(dir, f))).size).toBeGreaterThan(1000);
        const a = analyses.get(f)!;
        expect(a.silent).toBe(false);
        if (t.type === 'music') {
          expect(a.durationSec).toBeGreaterThanOrEqual(45);
          expect(a.durationSec).toBeLessThanOrEqual(100);
          expect(Math.max(...a.peaks)).toBe(100);
        } else {
          expect(a.durationSec).toBeGreaterThanOrEqual(0.3);
          expect(a.durationSec).toBeLessThanOrEqual(20);
        }
      }
      const mix = analyses.get(t.files.vocal ?? t.files.instrumental)!;
      if (t.type === 'music') {
        expect(mix.rmsDb).toBeGreaterThan(-22);
        expect(mix.rmsDb).toBeLessThan(-10);
      }
    }
    expect(await probeFormat(join(dir, manifest.tracks[0]!.files.instrumental))).toMatchObject({
      codec: 'pcm_s16le',
      sampleRate: 44100,
      channels: 1,
    });
  });

  it('declares the tempo that analyseAudio measures (within 2 BPM) for every song', () => {
    for (const t of manifest.tracks.filter((x) => x.type === 'music')) {
      const measured = analyses.get(t.files.instrumental)!.bpm;
      expect(measured, `${t.key} ${t.subgenre}`).not.toBeNull();
      expect(Math.abs(measured! - t.bpm!), `${t.key} ${t.subgenre} declared ${t.bpm}`).toBeLessThanOrEqual(2);
      if (t.files.vocal) expect(Math.abs(analyses.get(t.files.vocal)!.bpm! - t.bpm!)).toBeLessThanOrEqual(2);
    }
  });

  it('reports progress up to the total', () => {
    expect(progress[0]).toEqual([0, 16]);
    expect(progress[progress.length - 1]).toEqual([16, 16]);
  });

  it('is deterministic for a seed, and can write FLAC', { timeout: 180_000 }, async () => {
    const again = await mkdtemp(join(tmpdir(), 'cuewave-demo-test-'));
    try {
      await buildDemoFolder(again, { songs: 1, sfx: 2, seed: 7 });
      const first = JSON.parse(await readFile(join(again, 'manifest.json'), 'utf8')) as Manifest;
      const file = first.tracks[0]!.files.instrumental;
      const bytes = await readFile(join(again, file));
      await buildDemoFolder(again, { songs: 1, sfx: 2, seed: 7 });
      expect(JSON.parse(await readFile(join(again, 'manifest.json'), 'utf8'))).toEqual(first);
      expect((await readFile(join(again, file))).equals(bytes)).toBe(true);
      expect(first.tracks[0]!.title).toBe(manifest.tracks[0]!.title);
      expect(await readFile(join(again, first.tracks[1]!.files.instrumental))).toEqual(
        await readFile(join(dir, manifest.tracks[4]!.files.instrumental)),
      );

      await buildDemoFolder(again, { songs: 1, sfx: 0, seed: 7, format: 'flac' });
      const flac = JSON.parse(await readFile(join(again, 'manifest.json'), 'utf8')) as Manifest;
      expect(flac.tracks[0]!.files.instrumental).toMatch(/\.flac$/);
      expect(await probeFormat(join(again, flac.tracks[0]!.files.instrumental))).toMatchObject({
        codec: 'flac',
        sampleRate: 44100,
        channels: 1,
      });
    } finally {
      await rm(again, { recursive: true, force: true });
    }
  });
});
