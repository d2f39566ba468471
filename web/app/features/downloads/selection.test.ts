import { describe, expect, it } from 'vitest';
import type { Product } from '@cuewave/contract/catalog';
import {
  describePicks,
  downloadOptions,
  fileNameFor,
  initialSelection,
  picks,
  safeFileName,
  savePlan,
  setAllStems,
  setItemFormat,
  toggleItem,
} from './selection';
import { productFixture } from '../../test/product-fixture';

function song(overrides: Partial<Product> = {}): Product {
  return productFixture({
    bpm: 120,
    files: [
      { id: 'f-bass', type: 'stem_bass', duration: 180, waveform: [1, 2], bpm: 120 },
      { id: 'f-inst', type: 'instrumental', duration: 180, waveform: [3], bpm: 120 },
      { id: 'f-cover', type: 'cover', duration: 0, waveform: [], bpm: null },
      { id: 'f-vocal', type: 'vocal', duration: 181, waveform: [4], bpm: 120 },
      { id: 'f-stems', type: 'stem_instruments', duration: 180, waveform: [5], bpm: 120 },
      { id: 'f-master', type: 'master', duration: 181, waveform: [6], bpm: 120 },
    ],
    ...overrides,
  });
}

describe('download options', () => {
  it('lists the versions first, then the stems, never the cover', () => {
    const options = downloadOptions(song());
    expect(options.map((o) => [o.file, o.kind, o.name])).toEqual([
      ['vocal', 'version', 'Full track'],
      ['instrumental', 'version', 'Instrumental'],
      ['master', 'version', 'Master'],
      ['stem_instruments', 'stem', 'Instruments'],
      ['stem_bass', 'stem', 'Bass'],
    ]);
    // Stem item fields of spec §3 come from the product file.
    expect(options.find((o) => o.file === 'stem_bass')).toMatchObject({
      id: 'f-bass',
      duration: 180,
      waveform: [1, 2],
      bpm: 120,
    });
  });

  it('auditions the MP3 versions themselves, and a stem only through a preview the API names', () => {
    const plain = downloadOptions(song());
    expect(plain.find((o) => o.file === 'vocal')?.previewId).toBe('f-vocal');
    expect(plain.find((o) => o.file === 'stem_bass')?.previewId).toBeNull();
    expect(plain.find((o) => o.file === 'master')?.previewId).toBeNull();

    const withPreview = song();
    withPreview.files = withPreview.files.map((f) =>
      f.type === 'stem_bass' ? { ...f, preview: 'f-bass-preview' } : f,
    );
    expect(downloadOptions(withPreview).find((o) => o.file === 'stem_bass')?.previewId).toBe('f-bass-preview');
  });
});

describe('the selection', () => {
  it('starts with the main version ticked in MP3 and everything else off, in MP3', () => {
    const options = downloadOptions(song());
    const selection = initialSelection(options);
    expect(picks(options, selection)).toEqual([{ file: 'vocal', format: 'mp3' }]);
    expect(Object.values(selection).every((item) => item.selectedFileFormat === 'mp3')).toBe(true);
  });

  it('picks the instrumental as the main version of an instrumental track', () => {
    const options = downloadOptions(song({ vocal: false, files: song().files.filter((f) => f.type !== 'vocal') }));
    expect(picks(options, initialSelection(options))).toEqual([{ file: 'instrumental', format: 'mp3' }]);
  });

  it('keeps a format per item; choosing a format ticks the item', () => {
    const options = downloadOptions(song());
    let selection = initialSelection(options);
    selection = setItemFormat(selection, 'vocal', 'wav');
    selection = setItemFormat(selection, 'stem_bass', 'mp3');
    expect(picks(options, selection)).toEqual([
      { file: 'vocal', format: 'wav' },
      { file: 'stem_bass', format: 'mp3' },
    ]);
    selection = toggleItem(selection, 'vocal');
    expect(picks(options, selection)).toEqual([{ file: 'stem_bass', format: 'mp3' }]);
    // Unticking keeps the format the user chose, for when they tick it again.
    expect(selection.vocal).toEqual({ isSelected: false, selectedFileFormat: 'wav' });
  });

  it('ticks or unticks every stem at once and leaves the versions alone', () => {
    const options = downloadOptions(song());
    const all = setAllStems(initialSelection(options), options, true);
    expect(picks(options, all).map((p) => p.file)).toEqual(['vocal', 'stem_instruments', 'stem_bass']);
    expect(picks(options, setAllStems(all, options, false)).map((p) => p.file)).toEqual(['vocal']);
  });

  it('ignores files the product does not have', () => {
    const options = downloadOptions(song({ files: song().files.filter((f) => !f.type.startsWith('stem_')) }));
    const selection = initialSelection(options);
    expect(toggleItem(selection, 'stem_bass')).toBe(selection);
    expect(setItemFormat(selection, 'stem_bass', 'wav')).toBe(selection);
  });
});

describe('file names', () => {
  const product = song();

  it('saves one file as name.format', () => {
    expect(fileNameFor(product, { file: 'vocal', format: 'wav' })).toBe('Golden Hour - Mila Grey.wav');
    expect(savePlan(product, [{ file: 'vocal', format: 'wav', fileName: 'Golden Hour - Mila Grey.wav' }])).toEqual({
      kind: 'file',
      fileName: 'Golden Hour - Mila Grey.wav',
    });
  });

  it('zips several files as name.zip, each inside under its own name', () => {
    expect(
      savePlan(product, [
        { file: 'stem_bass', format: 'wav', fileName: 'Golden Hour - Mila Grey (Bass stem).wav' },
        { file: 'stem_instruments', format: 'mp3', fileName: '' },
      ]),
    ).toEqual({
      kind: 'zip',
      fileName: 'Golden Hour - Mila Grey.zip',
      entries: ['Golden Hour - Mila Grey (Bass stem).wav', 'Golden Hour - Mila Grey (Instruments stem).mp3'],
    });
  });

  it('makes titles safe for every file system', () => {
    const odd = { title: 'AC/DC: "Live"? <Remix>', artist: { id: 'a', name: 'Back\\Slash*' } };
    expect(savePlan(odd, [{ file: 'vocal', format: 'mp3', fileName: '' }])).toEqual({
      kind: 'file',
      fileName: 'AC DC Live Remix - Back Slash.mp3',
    });
    expect(safeFileName('  trailing dots... ')).toBe('trailing dots');
    expect(safeFileName('\u0000')).toBe('track');
    const long = safeFileName(`${'x'.repeat(300)}.wav`);
    expect(long).toHaveLength(150);
    expect(long.endsWith('.wav')).toBe(true);
  });

  it('describes a pick in words for the history', () => {
    expect(
      describePicks([
        { file: 'vocal', format: 'wav' },
        { file: 'stem_bass', format: 'mp3' },
      ]),
    ).toBe('Full track · WAV, Bass stem · MP3');
  });
});
