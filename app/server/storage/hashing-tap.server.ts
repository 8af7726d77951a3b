import { createHash, type Hash } from "node:crypto";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";

// The size and SHA-256 of bytes on their way somewhere else, so a file is read once: backups
// record them, restores and the store copy check them. One place, so each stream hashes alike.

export interface Digest {
  size: number;
  /** Lower-case hex. */
  sha256: string;
}

/** A pass-through stage that hashes what flows through it; `digest()` once the pipeline is done. */
export class HashingTap extends Transform {
  readonly #hash: Hash = createHash("sha256");
  #size = 0;
  #result: Digest | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#hash.update(chunk);
    this.#size += chunk.length;
    done(null, chunk);
  }

  digest(): Digest {
    this.#result ??= { size: this.#size, sha256: this.#hash.digest("hex") };
    return this.#result;
  }
}

export function hashingTap(): HashingTap {
  return new HashingTap();
}

/** Reads `source` to its end and returns its size and SHA-256. */
export async function digestOf(source: Readable): Promise<Digest> {
  const tap = hashingTap();
  await pipeline(source, tap, async (chunks: AsyncIterable<Buffer>) => {
    for await (const _chunk of chunks);
  });
  return tap.digest();
}
