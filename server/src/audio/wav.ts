import { writeFile } from 'node:fs/promises';
import { AudioDecodeError } from './errors';

export type PcmAudio = { sampleRate: number; channels: Float32Array[] };

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

// 16-bit interleaved PCM; values outside [-1, 1] are clamped rather than wrapped.
export function encodeWav(channels: Float32Array[], sampleRate: number): Buffer {
  const numChannels = channels.length;
  if (numChannels === 0) throw new Error('encodeWav needs at least one channel');
  const frames = channels[0]!.length;
  const dataBytes = frames * numChannels * 2;
  // Every byte is written below, so the buffer need not be zero-filled first.
  const buf = Buffer.allocUnsafe(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(WAVE_FORMAT_PCM, 20);
  buf.writeUInt16LE(numChannels, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * numChannels * 2, 28);
  buf.writeUInt16LE(numChannels * 2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  const out = new Int16Array(buf.buffer, buf.byteOffset + 44, frames * numChannels);
  for (let c = 0; c < numChannels; c++) {
    const ch = channels[c]!;
    for (let i = 0, j = c; i < frames; i++, j += numChannels) {
      const v = ch[i]! * 32767;
      // Round half away from zero with integer truncation: much cheaper than Math.round in this hot loop.
      out[j] = v >= 32767 ? 32767 : v <= -32768 ? -32768 : (v + (v >= 0 ? 0.5 : -0.5)) | 0;
    }
  }
  return buf;
}

export async function writeWav(path: string, channels: Float32Array[], sampleRate: number): Promise<void> {
  await writeFile(path, encodeWav(channels, sampleRate));
}

type Fmt = { format: number; numChannels: number; sampleRate: number; bitsPerSample: number };

export function parseWav(buf: Buffer): PcmAudio {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new AudioDecodeError('not an audio file');
  }
  let fmt: Fmt | undefined;
  let offset = 12;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > buf.length) throw new AudioDecodeError('malformed WAV header');
      let format = buf.readUInt16LE(body);
      // The extensible header carries the real format in the first two bytes of its sub-format GUID.
      if (format === WAVE_FORMAT_EXTENSIBLE && size >= 40) format = buf.readUInt16LE(body + 24);
      fmt = {
        format,
        numChannels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bitsPerSample: buf.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) throw new AudioDecodeError('malformed WAV: data before format');
      // Streaming writers leave the size at 0 or 0xffffffff; read what is actually there.
      const end = size === 0 || body + size > buf.length ? buf.length : body + size;
      return decodeSamples(buf.subarray(body, end), fmt);
    }
    offset = body + size + (size & 1);
  }
  throw new AudioDecodeError(fmt ? 'malformed WAV: no data' : 'malformed WAV: no format');
}

function decodeSamples(data: Buffer, fmt: Fmt): PcmAudio {
  const { format, numChannels, sampleRate, bitsPerSample } = fmt;
  if (numChannels < 1 || sampleRate < 1) throw new AudioDecodeError('malformed WAV header');
  const isFloat = format === WAVE_FORMAT_IEEE_FLOAT && bitsPerSample === 32;
  const isInt = format === WAVE_FORMAT_PCM && (bitsPerSample === 16 || bitsPerSample === 24 || bitsPerSample === 32);
  if (!isFloat && !isInt) throw new AudioDecodeError('unsupported format');
  const bytes = bitsPerSample / 8;
  const frames = Math.floor(data.length / (bytes * numChannels));
  const channels = Array.from({ length: numChannels }, () => new Float32Array(frames));
  for (let c = 0; c < numChannels; c++) {
    const ch = channels[c]!;
    let p = c * bytes;
    const stride = bytes * numChannels;
    for (let i = 0; i < frames; i++, p += stride) {
      if (isFloat) ch[i] = data.readFloatLE(p);
      else if (bytes === 2) ch[i] = data.readInt16LE(p) / 32768;
      else if (bytes === 3) ch[i] = data.readIntLE(p, 3) / 8388608;
      else ch[i] = data.readInt32LE(p) / 2147483648;
    }
  }
  return { sampleRate, channels };
}
