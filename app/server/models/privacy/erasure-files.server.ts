import { fileStore } from "~/server/storage/storage.server";
import { storedFilesIntent, type ResumeIntent } from "~/server/uploads/resume-intents.server";
import { deleteStoredKeys } from "../projects/project-files.server";

// Decision 0048: an erasure's rows go in one transaction, its stored bytes after
// the commit. Each batch of keys is noted in an intent first (the start-up recovery deletes any key
// no row references, so a crash between commit and delete is finished at the next start); a batch
// that fails to delete stays pending in this process and is retried by the next call.

interface Pending {
  keys: string[];
  intent: ResumeIntent;
}

const pending: Pending[] = [];

async function settle(batch: Pending): Promise<boolean> {
  if (!(await deleteStoredKeys(batch.keys))) return false;
  await batch.intent.clear();
  return true;
}

/** Retries the batches an earlier call could not delete; whether none is left. */
async function retryPending(): Promise<boolean> {
  for (const batch of pending.splice(0)) {
    if (!(await settle(batch))) pending.push(batch);
  }
  return pending.length === 0;
}

/**
 * Notes `keys` in a fresh intent before their rows' transaction, so a crash during or right after
 * it leaves nothing behind. Hand the intent to `deleteStoredAfterCommit` once committed, or clear
 * it when the transaction failed (the rows still reference the bytes).
 */
export async function noteStoredBeforeCommit(keys: string[]): Promise<ResumeIntent> {
  const intent = storedFilesIntent(fileStore());
  if (keys.length > 0) await intent.note(keys);
  return intent;
}

/** Deletes stored bytes after a commit, crash-safe; safe to call twice (used by retention too). */
export async function deleteStoredAfterCommit(keys: string[], intent?: ResumeIntent): Promise<void> {
  await retryPending();
  const unique = [...new Set(keys)];
  if (unique.length === 0) {
    await intent?.clear();
    return;
  }
  const batch = { keys: unique, intent: intent ?? storedFilesIntent(fileStore()) };
  // Rewritten with every key: the transaction may have found more than were noted before it.
  await batch.intent.note(unique);
  if (!(await settle(batch))) pending.push(batch);
}

/** How many batches of bytes still wait for a retry (tests, logs). */
export function pendingStoredDeletes(): number {
  return pending.length;
}
