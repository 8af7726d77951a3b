import { createServer } from "node:net";

// Every process and server the suite starts registers its stop here, so a failure, a signal or the
// time limit still leaves nothing running ("every process they start is stopped").
const cleanups = new Set<() => Promise<void> | void>();

export function onCleanup(stop: () => Promise<void> | void): () => void {
  cleanups.add(stop);
  return () => cleanups.delete(stop);
}

let draining: Promise<void> = Promise.resolve();

/**
 * Runs every registered stop, newest first, until none is left (a stop may race with a process
 * being started). Concurrent callers queue behind one another, so each returns once all is stopped.
 */
export function cleanupAll(): Promise<void> {
  draining = draining.then(async () => {
    while (cleanups.size > 0) {
      const pending = [...cleanups].reverse();
      cleanups.clear();
      for (const stop of pending) {
        try {
          await stop();
        } catch (error) {
          process.stderr.write(`[faults] cleanup failed: ${String(error)}\n`);
        }
      }
    }
  });
  return draining;
}

// Loopback ports reserved for this suite (4370–4389); taken ones are skipped.
const FIRST_PORT = 4370;
const LAST_PORT = 4389;
const handedOut = new Set<number>();

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A free port of the suite's range, never the same twice in one run. */
export async function reservePort(): Promise<number> {
  for (let port = FIRST_PORT; port <= LAST_PORT; port++) {
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port left in ${FIRST_PORT}–${LAST_PORT}`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const began = performance.now();

export function log(message: string): void {
  process.stderr.write(`[faults ${((performance.now() - began) / 1000).toFixed(1).padStart(5)} s] ${message}\n`);
}
