import { Zip, ZipPassThrough } from 'fflate';

/**
 * A zip archive built in the browser from files fetched one after another. Entries are stored, not
 * compressed: MP3 does not shrink and WAV barely does, and storing keeps a 200 MB stem pack from
 * tying up the page for seconds. Chunks go straight into the archive's parts as they arrive, so each
 * file's bytes are held once (in the Blob being built), never as a second whole copy.
 */
export type ZipEntryWriter = {
  push(chunk: Uint8Array): void;
  end(): void;
};

export class ZipWriter {
  private readonly parts: Uint8Array<ArrayBuffer>[] = [];
  private readonly zip: Zip;
  private readonly names = new Set<string>();
  private failure: Error | null = null;
  private finished = false;
  private open: ZipPassThrough | null = null;

  constructor(private readonly mtime: Date = new Date()) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) this.failure = error;
      else if (chunk.length) this.parts.push(chunk as Uint8Array<ArrayBuffer>);
      if (final) this.finished = true;
    });
  }

  /** Starts the next entry; names already used get " (2)", " (3)" … before the extension. */
  entry(name: string): ZipEntryWriter {
    if (this.open) throw new Error('zip: the previous entry is still open');
    const file = new ZipPassThrough(uniqueName(name, this.names));
    file.mtime = this.mtime;
    this.zip.add(file);
    this.open = file;
    return {
      push: (chunk) => file.push(chunk as Uint8Array<ArrayBuffer>, false),
      end: () => {
        file.push(new Uint8Array(0), true);
        this.open = null;
      },
    };
  }

  /** Adds a whole file at once. */
  add(name: string, bytes: Uint8Array): void {
    const entry = this.entry(name);
    entry.push(bytes);
    entry.end();
  }

  /** Closes the archive (central directory) and hands it over as one Blob. */
  finish(): Blob {
    if (this.open) throw new Error('zip: an entry is still open');
    this.zip.end();
    if (this.failure) throw this.failure;
    if (!this.finished) throw new Error('zip: the archive did not complete');
    return new Blob(this.parts, { type: 'application/zip' });
  }

  get entryNames(): string[] {
    return [...this.names];
  }
}

/** `name`, or `name (2).ext` … when `used` already holds it (case-insensitive, as file systems are). */
export function uniqueName(name: string, used: Set<string>): string {
  const taken = new Set([...used].map((n) => n.toLowerCase()));
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  used.add(candidate);
  return candidate;
}
