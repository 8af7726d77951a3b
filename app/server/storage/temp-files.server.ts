import { randomUUID } from "node:crypto";
import os from "node:os";

// Temp files carry the host and process that wrote them ("{host}-{pid}.{uuid}.{ext}"), so a restart
// can remove what a killed process left behind at once, without touching the in-flight uploads of
// another instance sharing the directory (faults: "the temp dir is cleaned").

const HOST =
  os
    .hostname()
    .replace(/[^A-Za-z0-9-]+/g, "-")
    .slice(0, 60) || "host";
const OWNER = `${HOST}-${process.pid}`;
const NAME = /^(.+)-(\d+)\.[0-9a-f-]{36}\.[a-z]+$/;

export function tempFileName(extension: "part" | "intent"): string {
  return `${OWNER}.${randomUUID()}.${extension}`;
}

/**
 * Whether nobody can still be writing this temp file. Ours by host: its process is gone (or is us:
 * only call this at startup, before any upload). Another host's, or unnamed: older than `maxAgeMs`.
 */
export function isAbandoned(name: string, mtimeMs: number, maxAgeMs: number, now = Date.now()): boolean {
  const match = NAME.exec(name);
  if (match?.[1] === HOST) {
    const pid = Number(match[2]);
    return pid === process.pid || !isRunning(pid);
  }
  return now - mtimeMs >= maxAgeMs;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
