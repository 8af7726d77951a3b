import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { cleanTempUploads, createLocalFileStore, type FileStore } from "~/server/storage/storage.server";
import { recoverResumeIntents, resumeIntent } from "~/server/uploads/resume-intents.server";
import { tempFileName } from "~/server/storage/temp-files.server";
import { tempDir } from "../helpers/temp-dirs";

// What a restart finds after a kill -9 (faults; the full story runs in `npm run test:faults`).

function newStore(): FileStore {
  return createLocalFileStore(tempDir("recovery-"));
}

/** A temp file named as if another process (`pid`) on this host had written it. */
function tempFileOf(store: FileStore, pid: number, extension: "part" | "intent" = "part"): string {
  const name = tempFileName(extension).replace(`-${process.pid}.`, `-${pid}.`);
  writeFileSync(path.join(store.tempDir(), name), "%PDF-1.4 half of a fi");
  return name;
}

function exitedPid(): number {
  return spawnSync(process.execPath, ["-e", ""]).pid!;
}

async function storedResume(store: FileStore, key: string): Promise<void> {
  const file = path.join(store.tempDir(), `${key.replace(/\W/g, "_")}.upload`);
  writeFileSync(file, "%PDF-1.4 whole file");
  await store.putFromFile(key, file, "application/pdf");
}

test("A restart removes a killed process's temp uploads at once and keeps those of a process still running", async () => {
  const store = newStore();
  const killed = tempFileOf(store, exitedPid());
  const running = tempFileOf(store, process.ppid);
  expect(await cleanTempUploads(store, 3_600_000)).toBe(1);
  expect(readdirSync(store.tempDir())).toEqual([running]);
  expect(readdirSync(store.tempDir())).not.toContain(killed);
});

test("Another host's temp uploads in a shared directory are removed only once stale", async () => {
  const store = newStore();
  const fresh = "other-host-123.0f0e4d2c-1b3a-4c5d-9e8f-7a6b5c4d3e2f.part";
  const stale = "other-host-123.1f0e4d2c-1b3a-4c5d-9e8f-7a6b5c4d3e2f.part";
  for (const name of [fresh, stale]) writeFileSync(path.join(store.tempDir(), name), "x");
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
  utimesSync(path.join(store.tempDir(), stale), twoHoursAgo, twoHoursAgo);
  expect(await cleanTempUploads(store, 3_600_000)).toBe(1);
  expect(readdirSync(store.tempDir())).toEqual([fresh]);
});

test("A resume stored by a process killed before its application committed is deleted at the next startup", async () => {
  const store = newStore();
  const orphan = "resumes/guest_1700000000000_cv.pdf";
  const committed = "resumes/guest_1700000000001_cv.pdf";
  // As at startup, this process's own leftovers count as a dead process's.
  for (const key of [orphan, committed]) {
    await resumeIntent(store).note(key);
    await storedResume(store, key);
  }
  const deleted = await recoverResumeIntents(async (key) => key === committed, store);
  expect(deleted).toBe(1);
  expect(await store.list("resumes/")).toEqual([committed]);
  expect(readdirSync(store.tempDir())).toEqual([]);
});

test("The intents of a process still running are left alone, and a cleared intent leaves its file", async () => {
  const store = newStore();
  const key = "resumes/guest_1700000000002_cv.pdf";
  const intent = resumeIntent(store);
  await intent.note(key);
  await storedResume(store, key);
  const [name] = readdirSync(store.tempDir());
  const running = name!.replace(`-${process.pid}.`, `-${process.ppid}.`);
  renameSync(path.join(store.tempDir(), name!), path.join(store.tempDir(), running));
  expect(await recoverResumeIntents(async () => false, store)).toBe(0);
  expect(await store.exists(key)).toBe(true);

  rmSync(path.join(store.tempDir(), running));
  const cleared = resumeIntent(store);
  await cleared.note(key);
  await cleared.clear();
  expect(await recoverResumeIntents(async () => false, store)).toBe(0);
  expect(existsSync(path.join(store.tempDir(), running))).toBe(false);
  expect(await store.exists(key)).toBe(true);
});
