import v8 from "node:v8";
import vm from "node:vm";

// Upload bodies and memory (ten 50 MB uploads at once may grow RSS by 30 MiB at most;
// decision 0040). Every chunk Node reads off a socket is a fresh 64 kB ArrayBuffer, dead as soon
// as it is written to the temp file, yet freed only by a garbage collection. An upload allocates
// almost nothing on the JS heap, so V8's young-generation collections (paced by JS allocation)
// barely run while bytes stream in; the dead chunks piled up until the external-memory heuristic
// started a full collection of the whole heap, 100-350 ms of incremental marking later: 35-60 MiB
// of them at once with ten uploads. A young-generation collection every 8 MiB of body, counted
// across all uploads, frees them while they are still young: 1-3 ms each, about one per hundred
// chunks. `gc` is V8's own, reached through a fresh context once `--expose-gc` is set: the
// process's own globals do not change.

const EVERY_BYTES = 8 * 1024 * 1024;
let collect: ((options: { type: "minor" }) => void) | null | undefined;
let pending = 0;

/** Notes `bytes` of an upload body taken in; every 8 MiB in all, the dead chunks are collected. */
export function tookUploadBytes(bytes: number): void {
  pending += bytes;
  if (pending < EVERY_BYTES) return;
  pending = 0;
  youngCollector()?.({ type: "minor" });
}

function youngCollector() {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      collect = vm.runInNewContext("gc") as typeof collect;
    } catch {
      collect = null; // a runtime without it: the full collections still bound memory, later
    }
  }
  return collect;
}
