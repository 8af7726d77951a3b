import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { KeyExists, type FileStore } from "./file-store.server";

// Documents rendered from stored data (an invoice's PDF, a signed proposal) are filed once under a
// key of their own. Two instances may render the same document at once: the second finds the key
// taken, and since the same data gives the same bytes, that is success, not a conflict.

/** Stores `bytes` at `key` unless something is already there (then keeps what is there). */
export async function storeBytesOnce(store: FileStore, key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const temp = path.join(store.tempDir(), `document-${randomUUID()}`);
  await writeFile(temp, bytes);
  try {
    await store.putFromFile(key, temp, contentType);
  } catch (error) {
    if (!(error instanceof KeyExists)) throw error;
  } finally {
    await rm(temp, { force: true });
  }
}
