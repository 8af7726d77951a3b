import { open, type FileHandle } from "node:fs/promises";

// Legacy Office files (.doc, .xls, .ppt) are OLE2 Compound Files (MS-CFB): a little file system of
// storages (folders) and streams in one file. We read the header, the FAT sectors needed to follow
// a chain, the directory, and, on request, one stream's bytes by offset (never a whole stream in
// memory). Every loop is bounded by the file's sector count, so a crafted file cannot make it spin
// or allocate much. What legacy Office keeps where is in legacy-office.server.ts.
export const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const MAX_REG = 0xfffffffa; // larger values are FREESECT, ENDOFCHAIN, NOSTREAM, ...
const END_OF_CHAIN = 0xfffffffe;
const ENTRY_SIZE = 128;
const MAX_DIRECTORY_ENTRIES = 50_000;
const MINI_SECTOR_SIZE = 64;

export interface DirEntry {
  /** As stored; compare lower-cased. */
  name: string;
  type: number; // 1 storage, 2 stream, 5 root
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

/** A stream opened for reading by offset. */
export interface CfbStream {
  size: number;
  /** `length` bytes from `offset`; throws past the stream's end or on a broken chain. */
  read(offset: number, length: number): Promise<Buffer>;
}

export interface CompoundFile {
  /** The root storage's own streams and storages, lower-cased. */
  rootStreams: Set<string>;
  rootStorages: Set<string>;
  /** Every storage's name at any depth, lower-cased (an embedded object keeps its own storages). */
  allStorages: Set<string>;
  /** The root stream of that name (case-insensitive), or null. */
  openRootStream(name: string): Promise<CfbStream | null>;
}

/** Opens the compound file at `filePath` for `inspect`; null when it is not a readable one. */
export async function withCompoundFile<T>(filePath: string, inspect: (file: CompoundFile) => Promise<T>): Promise<T | null> {
  const handle = await open(filePath, "r");
  try {
    const reader = await readStructure(handle);
    if (!reader) return null;
    const tree = walkTree(reader.entries);
    if (!tree) return null;
    const file: CompoundFile = {
      ...tree,
      async openRootStream(name) {
        const id = tree.rootStreamIds.get(name.toLowerCase());
        return id === undefined ? null : reader.stream(reader.entries[id]!);
      },
    };
    return await inspect(file);
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** The storages and streams reachable from the root; null on a dangling link or a cycle. */
function walkTree(entries: DirEntry[]) {
  const root = entries[0];
  if (!root || root.type !== 5) return null;
  const rootStreams = new Set<string>();
  const rootStorages = new Set<string>();
  const allStorages = new Set<string>();
  const rootStreamIds = new Map<string, number>();
  // [entry id, whether it is a child of the root]
  const stack: Array<[number, boolean]> = [[root.child, true]];
  const visited = new Set<number>();
  while (stack.length > 0) {
    const [id, atRoot] = stack.pop()!;
    if (id > MAX_REG) continue;
    const entry = entries[id];
    if (!entry || visited.has(id)) return null; // dangling link or cycle: corrupt file
    visited.add(id);
    const name = entry.name.toLowerCase();
    if (entry.type === 2 && atRoot) {
      rootStreams.add(name);
      if (!rootStreamIds.has(name)) rootStreamIds.set(name, id);
    } else if (entry.type === 1) {
      allStorages.add(name);
      if (atRoot) rootStorages.add(name);
      stack.push([entry.child, false]);
    }
    stack.push([entry.left, atRoot], [entry.right, atRoot]);
  }
  return { rootStreams, rootStorages, allStorages, rootStreamIds };
}

async function readStructure(handle: FileHandle) {
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
  /** The sectors of a chain, at most `limit` of them (a chain may not loop or leave the file). */
  async function chain(start: number, limit: number): Promise<number[]> {
    const ids: number[] = [];
    const seen = new Set<number>();
    for (let id = start; id !== END_OF_CHAIN && ids.length < limit; id = await nextSector(id)) {
      if (id > MAX_REG || id >= sectorCount || seen.has(id)) throw new Error("broken sector chain");
      seen.add(id);
      ids.push(id);
    }
    return ids;
  }

  const entries: DirEntry[] = [];
  for (const id of await chain(header.readUInt32LE(0x30), Math.ceil((MAX_DIRECTORY_ENTRIES * ENTRY_SIZE) / sectorSize) + 1)) {
    const buf = await sector(id);
    for (let offset = 0; offset < sectorSize; offset += ENTRY_SIZE) entries.push(parseEntry(buf, offset, shift === 9));
  }
  if (entries.length > MAX_DIRECTORY_ENTRIES) return null;

  const miniCutoff = header.readUInt32LE(0x38);
  const miniFatStart = header.readUInt32LE(0x3c);
  let mini: { fat: CfbStream; data: CfbStream } | undefined;

  /** A stream of `size` bytes over `sectors` of `unit` bytes, each found in `base` (the file, or the mini stream). */
  function over(sectors: number[], unit: number, size: number, base: (position: number, length: number) => Promise<Buffer>): CfbStream {
    if (sectors.length * unit < size) throw new Error("stream shorter than its size");
    let cached: { index: number; buf: Buffer } | undefined;
    return {
      size,
      async read(offset, length) {
        if (offset < 0 || length < 0 || offset + length > size) throw new Error("read past the stream's end");
        const parts: Buffer[] = [];
        for (let at = offset; at < offset + length;) {
          const index = Math.floor(at / unit);
          if (cached?.index !== index) cached = { index, buf: await base(sectors[index]! * unit, unit) };
          const from = at - index * unit;
          const take = Math.min(unit - from, offset + length - at);
          parts.push(cached.buf.subarray(from, from + take));
          at += take;
        }
        return Buffer.concat(parts);
      },
    };
  }
  const fileBase = (position: number, length: number) => readAt(handle, position + sectorSize, length);

  async function stream(entry: DirEntry): Promise<CfbStream> {
    if (entry.size >= miniCutoff)
      return over(await chain(entry.start, Math.ceil(entry.size / sectorSize)), sectorSize, entry.size, fileBase);
    // Small streams live in the mini stream (the root entry's chain), in 64-byte mini sectors.
    if (!mini) {
      const root = entries[0]!;
      const fatSectors = await chain(miniFatStart, header.readUInt32LE(0x40));
      mini = {
        fat: over(fatSectors, sectorSize, fatSectors.length * sectorSize, fileBase),
        data: over(await chain(root.start, Math.ceil(root.size / sectorSize)), sectorSize, root.size, fileBase),
      };
    }
    const { fat: miniFat, data } = mini;
    const ids: number[] = [];
    const seen = new Set<number>();
    const limit = Math.ceil(entry.size / MINI_SECTOR_SIZE);
    for (let id = entry.start; id !== END_OF_CHAIN && ids.length < limit; id = (await miniFat.read(id * 4, 4)).readUInt32LE(0)) {
      if (id > MAX_REG || (id + 1) * MINI_SECTOR_SIZE > data.size || seen.has(id)) throw new Error("broken mini sector chain");
      seen.add(id);
      ids.push(id);
    }
    return over(ids, MINI_SECTOR_SIZE, entry.size, (position, length) => data.read(position, length));
  }

  return { entries, stream };
}

function parseEntry(buf: Buffer, offset: number, version3: boolean): DirEntry {
  const nameBytes = Math.min(Math.max(buf.readUInt16LE(offset + 0x40) - 2, 0), 62);
  // Version 3 files keep a 32-bit size; the high half may hold garbage and must be ignored.
  const high = version3 ? 0 : buf.readUInt32LE(offset + 0x7c);
  return {
    name: buf.toString("utf16le", offset, offset + nameBytes),
    type: buf.readUInt8(offset + 0x42),
    left: buf.readUInt32LE(offset + 0x44),
    right: buf.readUInt32LE(offset + 0x48),
    child: buf.readUInt32LE(offset + 0x4c),
    start: buf.readUInt32LE(offset + 0x74),
    size: high * 2 ** 32 + buf.readUInt32LE(offset + 0x78),
  };
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, position);
  if (bytesRead !== length) throw new Error("unexpected end of compound file");
  return buf;
}
