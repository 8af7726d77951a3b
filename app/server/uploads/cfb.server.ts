import { open, type FileHandle } from "node:fs/promises";

// Legacy Word (.doc) is an OLE2 Compound File (MS-CFB). We walk only the header, the FAT sectors
// needed to follow the directory chain, and the root storage's entries, looking for the
// "WordDocument" stream. Every loop is bounded by the file's sector count, so a crafted file cannot
// make it spin or allocate much.
export const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const MAX_REG = 0xfffffffa; // larger values are FREESECT, ENDOFCHAIN, NOSTREAM, ...
const END_OF_CHAIN = 0xfffffffe;
const ENTRY_SIZE = 128;
const MAX_DIRECTORY_ENTRIES = 50_000;

interface DirEntry {
  name: string;
  type: number; // 1 storage, 2 stream, 5 root
  left: number;
  right: number;
  child: number;
}

/** True for a compound file whose root storage holds a "WordDocument" stream. */
export async function isWordCfb(filePath: string): Promise<boolean> {
  const handle = await open(filePath, "r");
  try {
    const entries = await readDirectory(handle);
    return entries !== null && hasRootStream(entries, "worddocument");
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

async function readDirectory(handle: FileHandle): Promise<DirEntry[] | null> {
  const { size } = await handle.stat();
  const header = await readAt(handle, 0, 512);
  if (!header.subarray(0, 8).equals(CFB_MAGIC) || header.readUInt16LE(0x1c) !== 0xfffe) return null;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  const sectorCount = Math.ceil((size - sectorSize) / sectorSize);
  const sector = (id: number) => readAt(handle, (id + 1) * sectorSize, sectorSize);

  // Locations of the FAT's own sectors: 109 in the header, the rest in the DIFAT chain.
  const fatCount = header.readUInt32LE(0x2c);
  if (fatCount > sectorCount) return null;
  const fat: number[] = [];
  for (let i = 0; i < 109 && fat.length < fatCount; i++) fat.push(header.readUInt32LE(0x4c + 4 * i));
  for (let next = header.readUInt32LE(0x44), hops = 0; fat.length < fatCount && next <= MAX_REG; hops++) {
    if (hops > sectorCount) return null;
    const difat = await sector(next);
    for (let i = 0; i < perSector - 1 && fat.length < fatCount; i++) fat.push(difat.readUInt32LE(4 * i));
    next = difat.readUInt32LE(sectorSize - 4);
  }
  const fatCache = new Map<number, Buffer>();
  async function nextSector(id: number): Promise<number> {
    const index = Math.floor(id / perSector);
    const location = fat[index];
    if (location === undefined || location > MAX_REG) throw new Error("sector outside the FAT");
    let buf = fatCache.get(index);
    if (!buf) fatCache.set(index, (buf = await sector(location)));
    return buf.readUInt32LE((id % perSector) * 4);
  }

  const entries: DirEntry[] = [];
  const seen = new Set<number>();
  for (let id = header.readUInt32LE(0x30); id !== END_OF_CHAIN; id = await nextSector(id)) {
    if (id > MAX_REG || id >= sectorCount || seen.has(id) || entries.length >= MAX_DIRECTORY_ENTRIES) return null;
    seen.add(id);
    const buf = await sector(id);
    for (let offset = 0; offset < sectorSize; offset += ENTRY_SIZE) entries.push(parseEntry(buf, offset));
  }
  return entries;
}

function parseEntry(buf: Buffer, offset: number): DirEntry {
  const nameBytes = Math.min(Math.max(buf.readUInt16LE(offset + 0x40) - 2, 0), 62);
  return {
    name: buf.toString("utf16le", offset, offset + nameBytes),
    type: buf.readUInt8(offset + 0x42),
    left: buf.readUInt32LE(offset + 0x44),
    right: buf.readUInt32LE(offset + 0x48),
    child: buf.readUInt32LE(offset + 0x4c),
  };
}

/** Searches the root storage's red-black tree of children (not deeper storages). */
function hasRootStream(entries: DirEntry[], lowerName: string): boolean {
  const root = entries[0];
  if (!root || root.type !== 5) return false;
  const stack = [root.child];
  const visited = new Set<number>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id > MAX_REG) continue;
    const entry = entries[id];
    if (!entry || visited.has(id)) return false; // dangling link or cycle: corrupt file
    visited.add(id);
    if (entry.type === 2 && entry.name.toLowerCase() === lowerName) return true;
    stack.push(entry.left, entry.right);
  }
  return false;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, position);
  if (bytesRead !== length) throw new Error("unexpected end of compound file");
  return buf;
}
