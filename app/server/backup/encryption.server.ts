import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";

// Backups encrypted at rest with BACKUP_ENCRYPTION_KEY (decision 0056). Every stored file is cut
// into 64 KiB chunks, each sealed with AES-256-GCM, so a file of any size streams through in
// constant memory and every chunk is checked before its bytes are used. The construction is the
// usual segmented AEAD (as Tink's streaming AEAD and age's STREAM):
//  - each file gets its own key, HKDF-SHA256(master key, random 32-byte salt, label), where the
//    label names the file in the entry: a file moved to another path does not decrypt;
//  - chunk i's nonce is i (8 bytes, big-endian), 3 zero bytes and a last-chunk flag, so with a
//    fresh key per file no nonce repeats, chunks cannot be reordered, and a file cut at a chunk
//    boundary (or extended) fails, since its new last chunk was not sealed as the last.
// File layout: "ASBK" + 0x01 + salt (32 bytes), then chunks of ciphertext + 16-byte tag; every
// chunk holds 64 KiB of plaintext but the last, which holds 0 to 64 KiB.

export const ENCRYPTION_SCHEME = "aes-256-gcm-hkdf-sha256-64k";
const MAGIC = Buffer.from("ASBK\x01", "latin1");
const SALT_BYTES = 32;
const HEADER_BYTES = MAGIC.length + SALT_BYTES;
const CHUNK = 64 * 1024;
const TAG = 16;
const SEGMENT = CHUNK + TAG;

/** A stored file that does not decrypt: another key, another file, or changed bytes. */
export class UndecryptableFile extends Error {
  constructor(readonly label: string) {
    super(`${label} does not decrypt with the backup key: it was made with another key, or changed after it was made`);
    this.name = "UndecryptableFile";
  }
}

/** A short public name of a key, stored in the manifest so a restore can pick the key (or say it has none). */
export function keyIdOf(masterKey: Buffer): string {
  return derive(masterKey, Buffer.alloc(0), "key-id", 8).toString("hex");
}

function derive(masterKey: Buffer, salt: Buffer, label: string, bytes = 32): Buffer {
  return Buffer.from(hkdfSync("sha256", masterKey, salt, `agency-site-backup/v1/${label}`, bytes));
}

function nonce(index: number, last: boolean): Buffer {
  const iv = Buffer.alloc(12);
  iv.writeBigUInt64BE(BigInt(index), 0);
  iv[11] = last ? 1 : 0;
  return iv;
}

/** Seals one file's chunks, in order. */
class Sealer {
  readonly header: Buffer;
  readonly #key: Buffer;
  #index = 0;

  constructor(masterKey: Buffer, label: string) {
    const salt = randomBytes(SALT_BYTES);
    this.header = Buffer.concat([MAGIC, salt]);
    this.#key = derive(masterKey, salt, `file/${label}`);
  }

  seal(plain: Buffer, last: boolean): Buffer {
    const cipher = createCipheriv("aes-256-gcm", this.#key, nonce(this.#index++, last));
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }
}

/** Opens one file's chunks, in order; throws UndecryptableFile on any mismatch. */
class Opener {
  readonly #key: Buffer;
  readonly #label: string;
  #index = 0;

  constructor(masterKey: Buffer, label: string, header: Buffer) {
    if (header.length !== HEADER_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC)) throw new UndecryptableFile(label);
    this.#key = derive(masterKey, header.subarray(MAGIC.length), `file/${label}`);
    this.#label = label;
  }

  open(segment: Buffer, last: boolean): Buffer {
    if (segment.length < TAG) throw new UndecryptableFile(this.#label);
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.#key, nonce(this.#index++, last));
      decipher.setAuthTag(segment.subarray(segment.length - TAG));
      return Buffer.concat([decipher.update(segment.subarray(0, segment.length - TAG)), decipher.final()]);
    } catch {
      throw new UndecryptableFile(this.#label);
    }
  }
}

/** Collects incoming bytes and hands out whole pieces of `size`, keeping the last one back until the end. */
class Pieces {
  #parts: Buffer[] = [];
  #length = 0;

  /** Every whole piece for which more bytes have arrived after it (so it is not the last). */
  add(chunk: Buffer, size: number): Buffer[] {
    this.#parts.push(chunk);
    this.#length += chunk.length;
    if (this.#length <= size) return [];
    const all = Buffer.concat(this.#parts);
    const pieces: Buffer[] = [];
    let offset = 0;
    for (; all.length - offset > size; offset += size) pieces.push(all.subarray(offset, offset + size));
    this.#parts = [all.subarray(offset)];
    this.#length = all.length - offset;
    return pieces;
  }

  rest(): Buffer {
    return Buffer.concat(this.#parts);
  }
}

/** Plaintext in, the encrypted file out; `label` is the file's path in the backup. */
export function encryptStream(masterKey: Buffer, label: string): Transform {
  const sealer = new Sealer(masterKey, label);
  const pieces = new Pieces();
  let started = false;
  const start = (stream: Transform) => {
    if (!started) stream.push(sealer.header);
    started = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      start(this);
      for (const piece of pieces.add(chunk, CHUNK)) this.push(sealer.seal(piece, false));
      done();
    },
    flush(done: TransformCallback) {
      start(this);
      done(null, sealer.seal(pieces.rest(), true));
    },
  });
}

/** The encrypted file in, its plaintext out, each chunk checked before it is passed on. */
export function decryptStream(masterKey: Buffer, label: string): Transform {
  const pieces = new Pieces();
  let header = Buffer.alloc(0);
  let opener: Opener | undefined;
  const feed = (stream: Transform, chunk: Buffer) => {
    if (!opener) {
      header = Buffer.concat([header, chunk]);
      if (header.length < HEADER_BYTES) return;
      opener = new Opener(masterKey, label, header.subarray(0, HEADER_BYTES));
      chunk = header.subarray(HEADER_BYTES);
    }
    for (const segment of pieces.add(chunk, SEGMENT)) stream.push(opener.open(segment, false));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        feed(this, chunk);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (!opener) throw new UndecryptableFile(label);
        done(null, opener.open(pieces.rest(), true));
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** The same format as encryptStream, for a small text held in memory (the manifest). */
export function encryptBytes(masterKey: Buffer, label: string, plain: Buffer): Buffer {
  const sealer = new Sealer(masterKey, label);
  const out = [sealer.header];
  let offset = 0;
  for (; plain.length - offset > CHUNK; offset += CHUNK) out.push(sealer.seal(plain.subarray(offset, offset + CHUNK), false));
  out.push(sealer.seal(plain.subarray(offset), true));
  return Buffer.concat(out);
}

export function decryptBytes(masterKey: Buffer, label: string, sealed: Buffer): Buffer {
  const opener = new Opener(masterKey, label, sealed.subarray(0, HEADER_BYTES));
  const out: Buffer[] = [];
  let offset = HEADER_BYTES;
  for (; sealed.length - offset > SEGMENT; offset += SEGMENT) out.push(opener.open(sealed.subarray(offset, offset + SEGMENT), false));
  out.push(opener.open(sealed.subarray(offset), true));
  return Buffer.concat(out);
}
