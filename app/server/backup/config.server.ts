import path from "node:path";
import { getEnv } from "~/server/env.server";
import { TEMP_DIR } from "~/server/storage/local.server";
import type { BackupDestination } from "./destination.server";
import { createLocalDestination } from "./local-destination.server";

// BACKUP_URL → a destination: `file:PATH` (relative to the working directory) or
// `s3://bucket[/prefix]` with the same S3_* credentials and endpoint as the file store.

export async function destinationFor(url: string = getEnv().BACKUP_URL): Promise<BackupDestination> {
  const env = getEnv();
  assertOutsideStore(url, env);
  if (url.startsWith("file:")) return createLocalDestination(url.slice("file:".length), url);
  const { createS3FileStore, s3ConfigFromEnv } = await import("~/server/storage/s3.server");
  const tempDir = path.join(path.resolve(env.STORAGE_DIR), TEMP_DIR);
  const store = createS3FileStore(s3ConfigFromEnv({ ...env, STORAGE_URL: url }, tempDir));
  const { createS3Destination } = await import("./s3-destination.server");
  return createS3Destination(store, url);
}

/**
 * What `npm run restore -- <entry>` was given: an entry name under BACKUP_URL, a path to an entry
 * folder, or an s3:// URL of one. Returns the destination holding it and the entry's name.
 */
export async function locateEntry(argument: string): Promise<{ destination: BackupDestination; name: string }> {
  const trimmed = argument.replace(/\/+$/, "");
  if (trimmed.startsWith("s3://")) {
    const cut = trimmed.lastIndexOf("/");
    return { destination: await destinationFor(trimmed.slice(0, cut)), name: trimmed.slice(cut + 1) };
  }
  if (trimmed.includes("/") || trimmed.includes(path.sep)) {
    const full = path.resolve(trimmed.replace(/^file:/, ""));
    return { destination: createLocalDestination(path.dirname(full)), name: path.basename(full) };
  }
  return { destination: await destinationFor(), name: trimmed };
}

/** Backups inside the file store would be backed up again by every backup, growing each time. */
function assertOutsideStore(url: string, env: { STORAGE_DIR: string; STORAGE_URL?: string }): void {
  const within = (inner: string, outer: string) => inner === outer || inner.startsWith(outer.endsWith("/") ? outer : `${outer}/`);
  const inside = url.startsWith("file:")
    ? !env.STORAGE_URL && within(path.resolve(url.slice("file:".length)), path.resolve(env.STORAGE_DIR))
    : !!env.STORAGE_URL && within(url.replace(/\/+$/, ""), env.STORAGE_URL.replace(/\/+$/, ""));
  if (inside)
    throw new Error(`BACKUP_URL (${url}) is inside the file store (${env.STORAGE_URL ?? env.STORAGE_DIR}): choose a place outside it.`);
}
