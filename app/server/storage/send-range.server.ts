import type { FileHandle } from "node:fs/promises";
import type { Writable } from "node:stream";

// Sending a local file to a socket without a fresh Buffer per chunk (the download figure,
// decision 0040). A read stream allocates every chunk anew: 50 MB of short-lived external memory
// per download, which V8 answers with a full collection of the app's whole heap every ~10-20 MB
// (the old generation may grow only 20% past the live set, decision 0021). Here a few buffers go
// round: one is read into again only once the socket has taken its previous bytes (the write
// callback), so at most SEND_BUFFERS chunks are ever in flight and memory stays flat.

export const SEND_CHUNK = 256 * 1024;
const SEND_BUFFERS = 4;

/**
 * Writes bytes `start`..`end` (inclusive) of `handle` into `out`, without ending it. Resolves once
 * the socket took the last byte, or quietly as soon as `out` closes (a client gone mid-download:
 * write callbacks of a destroyed socket may never come). Throws if the file is shorter than `end`.
 */
export async function sendFileRange(handle: FileHandle, start: number, end: number, out: Writable): Promise<void> {
  if (end < start) return;
  const count = Math.min(SEND_BUFFERS, Math.ceil((end - start + 1) / SEND_CHUNK));
  const buffers = Array.from({ length: count }, () => Buffer.allocUnsafeSlow(Math.min(SEND_CHUNK, end - start + 1)));
  // Each buffer's last write: settled (never rejected) with its error, if any.
  const taken: Array<Promise<Error | null | undefined> | undefined> = [];
  let onClose!: () => void;
  const closed = new Promise<"closed">((resolve) => {
    onClose = () => resolve("closed");
    out.once("close", onClose);
  });
  const settled = async (write: Promise<Error | null | undefined> | undefined): Promise<boolean> => {
    if (!write) return true;
    const outcome = await Promise.race([write, closed]);
    if (outcome === "closed") return false;
    if (outcome) throw outcome;
    return true;
  };
  try {
    for (let position = start, i = 0; position <= end; i = (i + 1) % count) {
      if (out.destroyed || !(await settled(taken[i]))) return;
      const buffer = buffers[i]!;
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, end - position + 1), position);
      if (bytesRead === 0) throw new Error(`the stored file ended at byte ${position}, before byte ${end}`);
      position += bytesRead;
      if (out.destroyed) return;
      taken[i] = new Promise((resolve) => out.write(buffer.subarray(0, bytesRead), resolve));
    }
    for (const write of taken) if (!(await settled(write))) return;
  } finally {
    out.off("close", onClose);
  }
}
