import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { ReferenceItem } from '@cuewave/contract/reference';
import { rememberReference } from './reference-api';
import { SearchReference } from './search-reference';

const blank = {
  reference: null,
  title: null,
  artist: null,
  service: null,
  productId: null,
  durationSec: null,
  note: null,
  reason: null,
};

const ITEMS: Record<string, ReferenceItem> = {
  'https://www.youtube.com/watch?v=x': {
    ...blank,
    url: 'https://www.youtube.com/watch?v=x',
    kind: 'streaming',
    usable: true,
    reference: 'ref_streamingstreamingstr',
    title: 'Neon Rush (Official Video)',
    artist: 'Sub Unit',
    service: 'youtube',
    note: 'Audio from streaming services is not analysed: searching by its title and artist.',
  },
  'file:///etc/passwd': {
    ...blank,
    url: 'file:///etc/passwd',
    kind: 'unusable',
    usable: false,
    reason: { code: 'scheme-not-allowed', message: 'Only http and https addresses can be used.' },
  },
};

let sent: Array<{ url: string; body: unknown; contentType: string | null }> = [];

beforeEach(() => {
  sent = [];
  window.sessionStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/v1/product/search/reference/upload')) {
      sent.push({ url, body: init?.body, contentType: headers.get('content-type') });
      return json({ error: 'UNSUPPORTED_MEDIA_TYPE', message: 'This is not an audio file we can read.' }, 415);
    }
    if (url === '/api/v1/product/search/reference') {
      const body = JSON.parse(String(init?.body)) as { urls: string[] };
      sent.push({ url, body, contentType: headers.get('content-type') });
      return json({ items: body.urls.map((u) => ITEMS[u]) });
    }
    if (url.startsWith('/api/v1/product/music/')) {
      return json({ id: 'neon-rush', title: 'Neon Rush', artist: { id: 'a', name: 'Sub Unit' } });
    }
    return json({ error: 'NOT_FOUND', message: url }, 404);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The component with its references in state, as the overlay keeps them. */
function Harness({ initial = [] as string[], onChange = (_: string[]) => {} }) {
  const [references, setReferences] = useState(initial);
  return (
    <SearchReference
      references={references}
      type="music"
      onChange={(next) => {
        setReferences(next);
        onChange(next);
      }}
    />
  );
}

describe('SearchReference', () => {
  it('adds usable links as chips, says why the others cannot be used, and removes them', async () => {
    const changes: string[][] = [];
    render(<Harness onChange={(next) => changes.push(next)} />);
    fireEvent.click(screen.getByTestId('reference-open'));
    const input = screen.getByTestId('reference-input');
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.change(input, { target: { value: 'https://www.youtube.com/watch?v=x  file:///etc/passwd' } });
    fireEvent.click(screen.getByTestId('reference-add'));

    const chip = await screen.findByTestId('reference-chip');
    expect(sent[0]!.body).toEqual({ urls: ['https://www.youtube.com/watch?v=x', 'file:///etc/passwd'], type: 'music' });
    expect(changes).toEqual([['ref_streamingstreamingstr']]);
    expect(chip.textContent).toContain('Neon Rush (Official Video)');
    expect(chip.textContent).toContain('Sub Unit');
    expect(within(chip).getByTestId('reference-note').textContent).toBe(
      'YouTube · audio not analysed, searching by title and artist',
    );
    const problem = screen.getByTestId('reference-problem');
    expect(problem.textContent).toContain('file:///etc/passwd');
    expect(problem.textContent).toContain('Only http and https addresses can be used.');
    expect((input as HTMLInputElement).value).toBe('');

    fireEvent.click(within(problem).getByRole('button'));
    expect(screen.queryByTestId('reference-problem')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove reference Neon Rush (Official Video)' }));
    expect(changes.at(-1)).toEqual([]);
    expect(screen.queryByTestId('reference-chip')).toBeNull();
  });

  it('names our own track from a shared search by asking the catalogue', async () => {
    render(<Harness initial={['product:neon-rush']} />);
    const chip = await screen.findByTestId('reference-chip');
    await waitFor(() => expect(chip.textContent).toContain('Neon Rush'));
    expect(chip.textContent).toContain('Our track: ranked by its sound');
    expect(chip.getAttribute('data-kind')).toBe('product');
  });

  it("says so when a sound reference outranks a streaming page's words", async () => {
    rememberReference(ITEMS['https://www.youtube.com/watch?v=x']!);
    render(<Harness initial={['product:neon-rush', 'ref_streamingstreamingstr']} />);
    const notes = await screen.findAllByTestId('reference-note');
    expect(notes.map((n) => n.textContent)).toEqual([
      'Our track: ranked by its sound',
      'YouTube · audio not analysed, the sound reference ranks the results',
    ]);
  });

  it('uploads a picked file as its raw bytes and shows the refusal', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('reference-open'));
    const file = new File(['PK\u0003\u0004'], 'clip.mp3', { type: 'audio/mpeg' });
    fireEvent.change(screen.getByTestId('reference-file'), { target: { files: [file] } });
    const problem = await screen.findByTestId('reference-problem');
    expect(problem.textContent).toContain('clip.mp3');
    expect(problem.textContent).toContain('This is not an audio file we can read (mp3, wav, flac, ogg, m4a, aiff…).');
    expect(sent[0]!.url).toBe('/api/v1/product/search/reference/upload?name=clip.mp3');
    expect(sent[0]!.contentType).toBe('application/octet-stream');
    expect(sent[0]!.body).toBe(file);
  });
});
