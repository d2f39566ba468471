/**
 * The records of a ZIP file (PKWARE APPNOTE 6.3.x) for entries that are stored (no compression) and
 * streamed: the CRC-32 is known only after the data, so each entry has a data descriptor (flag bit 3).
 * Zip64 records are added exactly where a size, an offset or the entry count no longer fits 32 (16)
 * bits, so small zips stay readable by every tool and large ones by every modern one.
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const ZIP64_END_OF_CENTRAL = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const VERSION_ZIP64 = 45;
const VERSION_PLAIN = 20;
/** Made by: Unix (3), spec 4.5, so the external attributes below are a Unix file mode. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_MODE = 0o100644;

export type CentralEntry = {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  dosTime: number;
  dosDate: number;
};

/** MS-DOS date and time (2-second resolution, years 1980–2107), from the UTC fields so every server agrees. */
export function dosDateTime(date: Date): { dosTime: number; dosDate: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    dosDate: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
    dosTime: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
  };
}

/** A size that needs Zip64: then the entry's local header says so and its descriptor has 64-bit sizes. */
export const needsZip64 = (size: number) => size >= MAX32;

export function localHeader(e: Omit<CentralEntry, 'crc' | 'offset'>): Buffer {
  const zip64 = needsZip64(e.size);
  // With bit 3 the CRC and sizes are zero here; a Zip64 entry marks its sizes as "in the extra field".
  const extra = zip64 ? zip64Extra([0, 0]) : Buffer.alloc(0);
  const b = Buffer.alloc(30);
  b.writeUInt32LE(LOCAL_HEADER, 0);
  b.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_PLAIN, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(0, 8); // stored
  b.writeUInt16LE(e.dosTime, 10);
  b.writeUInt16LE(e.dosDate, 12);
  b.writeUInt32LE(0, 14);
  b.writeUInt32LE(zip64 ? MAX32 : 0, 18);
  b.writeUInt32LE(zip64 ? MAX32 : 0, 22);
  b.writeUInt16LE(e.name.length, 26);
  b.writeUInt16LE(extra.length, 28);
  return Buffer.concat([b, e.name, extra]);
}

export function dataDescriptor(crc: number, size: number): Buffer {
  if (needsZip64(size)) {
    const b = Buffer.alloc(24);
    b.writeUInt32LE(DATA_DESCRIPTOR, 0);
    b.writeUInt32LE(crc, 4);
    b.writeBigUInt64LE(BigInt(size), 8);
    b.writeBigUInt64LE(BigInt(size), 16);
    return b;
  }
  const b = Buffer.alloc(16);
  b.writeUInt32LE(DATA_DESCRIPTOR, 0);
  b.writeUInt32LE(crc, 4);
  b.writeUInt32LE(size, 8);
  b.writeUInt32LE(size, 12);
  return b;
}

function zip64Extra(values: number[]): Buffer {
  const b = Buffer.alloc(4 + values.length * 8);
  b.writeUInt16LE(ZIP64_EXTRA, 0);
  b.writeUInt16LE(values.length * 8, 2);
  values.forEach((v, i) => b.writeBigUInt64LE(BigInt(v), 4 + i * 8));
  return b;
}

export function centralHeader(e: CentralEntry): Buffer {
  const bigSize = needsZip64(e.size);
  const bigOffset = e.offset >= MAX32;
  // The Zip64 extra holds, in this order, only the fields marked 0xFFFFFFFF in the fixed part.
  const extra =
    bigSize || bigOffset ? zip64Extra([...(bigSize ? [e.size, e.size] : []), ...(bigOffset ? [e.offset] : [])]) : null;
  const b = Buffer.alloc(46);
  b.writeUInt32LE(CENTRAL_HEADER, 0);
  b.writeUInt16LE(MADE_BY, 4);
  b.writeUInt16LE(extra ? VERSION_ZIP64 : VERSION_PLAIN, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(e.dosTime, 12);
  b.writeUInt16LE(e.dosDate, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(bigSize ? MAX32 : e.size, 20);
  b.writeUInt32LE(bigSize ? MAX32 : e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt16LE(extra?.length ?? 0, 30);
  b.writeUInt16LE(0, 32); // comment
  b.writeUInt16LE(0, 34); // disk
  b.writeUInt16LE(0, 36); // internal attributes
  b.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
  b.writeUInt32LE(bigOffset ? MAX32 : e.offset, 42);
  return Buffer.concat([b, e.name, ...(extra ? [extra] : [])]);
}

/** The end records: Zip64 end and locator when anything overflows, then the classic end record. */
export function endRecords(count: number, centralOffset: number, centralSize: number): Buffer {
  const zip64 = count >= MAX16 || centralOffset >= MAX32 || centralSize >= MAX32;
  const parts: Buffer[] = [];
  if (zip64) {
    const end64 = Buffer.alloc(56);
    end64.writeUInt32LE(ZIP64_END_OF_CENTRAL, 0);
    end64.writeBigUInt64LE(44n, 4); // size of the rest of this record
    end64.writeUInt16LE(MADE_BY, 12);
    end64.writeUInt16LE(VERSION_ZIP64, 14);
    end64.writeUInt32LE(0, 16);
    end64.writeUInt32LE(0, 20);
    end64.writeBigUInt64LE(BigInt(count), 24);
    end64.writeBigUInt64LE(BigInt(count), 32);
    end64.writeBigUInt64LE(BigInt(centralSize), 40);
    end64.writeBigUInt64LE(BigInt(centralOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(ZIP64_LOCATOR, 0);
    locator.writeUInt32LE(0, 4);
    locator.writeBigUInt64LE(BigInt(centralOffset + centralSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(end64, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(Math.min(count, MAX16), 8);
  end.writeUInt16LE(Math.min(count, MAX16), 10);
  end.writeUInt32LE(Math.min(centralSize, MAX32), 12);
  end.writeUInt32LE(Math.min(centralOffset, MAX32), 16);
  end.writeUInt16LE(0, 20);
  parts.push(end);
  return Buffer.concat(parts);
}
