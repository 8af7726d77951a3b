import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { KeyExists, type FileStore } from "./file-store.server";
import { digestOf, type Digest } from "./hashing-tap.server";

// `npm run storage:copy`: every file of one store into another, never overwriting, each
// checked by size and SHA-256 afterwards, so a rerun only adds what is missing and re-verifies.

type CopyResult = "copied" | "present" | "mismatch" | "failed";

interface CopiedFile {
  key: string;
  size: number;
  result: CopyResult;
  detail?: string;
}

export async function copyStore(source: FileStore, target: FileStore): Promise<CopiedFile[]> {
  const report: CopiedFile[] = [];
  for (const key of await source.list("")) report.push(await copyOne(source, target, key));
  return report;
}

async function copyOne(source: FileStore, target: FileStore, key: string): Promise<CopiedFile> {
  const size = (await source.stat(key))?.size ?? 0;
  try {
    const existing = await target.stat(key);
    let result: CopyResult = "present";
    if (existing && existing.size !== size) {
      return { key, size, result: "mismatch", detail: `target holds ${existing.size} bytes, source ${size}; left as is` };
    }
    if (!existing) result = (await upload(source, target, key)) ? "copied" : "present";
    const [from, to] = await Promise.all([digest(source, key), digest(target, key)]);
    if (from.size !== to.size) return { key, size, result: "mismatch", detail: `size ${to.size} after copy, expected ${from.size}` };
    if (from.sha256 !== to.sha256) return { key, size, result: "mismatch", detail: "same size, different SHA-256" };
    return { key, size, result };
  } catch (error) {
    return { key, size, result: "failed", detail: error instanceof Error ? error.message : String(error) };
  }
}

/** Stages the file in the target's temp dir, then stores it; false when another copy got there first. */
async function upload(source: FileStore, target: FileStore, key: string): Promise<boolean> {
  const temp = path.join(target.tempDir(), `copy-${randomUUID()}.part`);
  try {
    const file = await source.read(key);
    await pipeline(file.stream, createWriteStream(temp, { flags: "wx", mode: 0o600 }));
    await target.putFromFile(key, temp, file.contentType ?? "application/octet-stream");
    return true;
  } catch (error) {
    if (error instanceof KeyExists) return false;
    throw error;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

async function digest(store: FileStore, key: string): Promise<Digest> {
  return digestOf((await store.read(key)).stream);
}

/** The summary printed by the command: one row per outcome, then one line per problem. */
export function formatCopyReport(report: CopiedFile[]): string {
  const rows: [string, CopyResult[]][] = [
    ["copied and verified", ["copied"]],
    ["already there, verified", ["present"]],
    ["mismatch", ["mismatch"]],
    ["failed", ["failed"]],
    ["total", ["copied", "present", "mismatch", "failed"]],
  ];
  const lines = ["| result                  | files |        bytes |", "|-------------------------|------:|-------------:|"];
  for (const [label, results] of rows) {
    const files = report.filter((f) => results.includes(f.result));
    const bytes = files.reduce((sum, f) => sum + f.size, 0);
    lines.push(`| ${label.padEnd(23)} | ${String(files.length).padStart(5)} | ${String(bytes).padStart(12)} |`);
  }
  for (const problem of report.filter((f) => f.result === "mismatch" || f.result === "failed")) {
    lines.push(`${problem.result.toUpperCase()}: ${problem.key}: ${problem.detail}`);
  }
  return lines.join("\n");
}
