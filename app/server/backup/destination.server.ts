import type { Readable } from "node:stream";

// Where backups go (BACKUP_URL): a folder (local-destination) or an S3 prefix (s3-destination).
// Each backup is one entry, `backup-YYYYMMDDTHHMMSSZ`, holding manifest.json, the database copy
// and files/<storage key>. An entry counts only once its manifest exists, and the manifest is
// written last: an interrupted backup is never listed, and is removed by the next one.

export interface EntryWriter {
  /** Writes `relPath` of the entry from `source`, as it comes (the backup hashes and encrypts it). */
  put(relPath: string, source: Readable): Promise<void>;
  /** Writes the manifest and makes the entry complete (folder: fsync and rename). */
  commit(manifestJson: string): Promise<void>;
  /** Removes what was written (best effort; an interrupted run's leftovers go on the next run). */
  abort(): Promise<void>;
}

export interface BackupDestination {
  /** BACKUP_URL, for messages. */
  readonly url: string;
  /** Complete entries' names, oldest first. */
  list(): Promise<string[]>;
  /** Entries without a manifest (interrupted), to clean up. */
  listIncomplete(): Promise<string[]>;
  begin(name: string): Promise<EntryWriter>;
  /** The entry's manifest.json text, or null when it has none. */
  readManifest(name: string): Promise<string | null>;
  /** Every path stored in the entry, manifest included. */
  listFiles(name: string): Promise<string[]>;
  open(name: string, relPath: string): Promise<Readable>;
  /** Removes an entry, its manifest first so it stops counting before the rest goes. */
  remove(name: string): Promise<void>;
}

export const ENTRY_NAME = /^backup-\d{8}T\d{6}Z(-\d+)?$/;

/** `backup-YYYYMMDDTHHMMSSZ` of a time (UTC). */
export function entryNameAt(date: Date): string {
  return `backup-${date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z")}`;
}

/** Entry names sort by time; a suffix (-2, -3…) after the same second sorts after it. */
export function compareEntries(a: string, b: string): number {
  const [baseA, nA = "1"] = a.split(/-(?=\d+$)/);
  const [baseB, nB = "1"] = b.split(/-(?=\d+$)/);
  return baseA! < baseB! ? -1 : baseA! > baseB! ? 1 : Number(nA) - Number(nB);
}
