// A stored page that is sent with a fresh CSP nonce each time, still compressed once.
import { promisify } from "node:util";
import zlib from "node:zlib";

const deflateRaw = promisify(zlib.deflateRaw);

/** gzip member header (RFC 1952): deflate, no flags, no mtime, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** Deflate's window: the furthest back a match may reach. */
const WINDOW_BYTES = 32 * 1024;

export interface NoncedBody {
  /** The page with `nonce` in every place the rendered one had its own. */
  identity(nonce: string): Buffer;
  /** The same, gzip-compressed: the stored deflate pieces around the nonce sent as stored blocks. */
  gzip(nonce: string): Buffer;
  readonly identityLength: number;
  readonly gzipLength: number;
}

/** A deflate "stored" block (RFC 1951 §3.2.4), not final, byte-aligned as sync flushes leave it. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.from([0, bytes.length & 0xff, bytes.length >> 8, ~bytes.length & 0xff, (~bytes.length >> 8) & 0xff]);
  return Buffer.concat([header, bytes]);
}

/**
 * `segments` are the page's text between its nonces (one more than there are nonces), each
 * `nonceLength` bytes long. Each segment is deflated once and ends byte-aligned (sync flush), the
 * last one final: the nonces go between them uncompressed, and the CRC comes from `pageCrc`.
 */
export async function noncedBody(segments: Buffer[], nonceLength: number): Promise<NoncedBody> {
  if (nonceLength > 0xffff) throw new RangeError("nonce too long");
  // Each piece may refer back to the text before it (its preset dictionary), where the nonces
  // stand as NUL bytes: HTML holds none, so no match can cover a nonce, and every distance is the
  // same in the stream sent, whatever nonce fills those places. A page with a NUL byte does without.
  const placeholder = Buffer.alloc(nonceLength);
  const shareWindow = nonceLength > 0 && !segments.some((segment) => segment.includes(0));
  const deflated = await Promise.all(
    segments.map((segment, i) => {
      const options: zlib.ZlibOptions = {
        level: 9,
        finishFlush: i === segments.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
      };
      if (shareWindow && i > 0) {
        const before = Buffer.concat(segments.slice(0, i).flatMap((s) => [s, placeholder]));
        options.dictionary = before.subarray(Math.max(0, before.length - WINDOW_BYTES));
      }
      return deflateRaw(segment, options);
    }),
  );
  const nonces = segments.length - 1;
  const identityLength = segments.reduce((sum, s) => sum + s.length, 0) + nonces * nonceLength;
  const gzipLength = GZIP_HEADER.length + deflated.reduce((sum, d) => sum + d.length, 0) + nonces * (5 + nonceLength) + 8;

  function identity(nonce: string): Buffer {
    if (nonces === 0) return segments[0]!;
    const value = Buffer.from(nonce);
    const parts: Buffer[] = [];
    segments.forEach((segment, i) => (i === 0 ? parts.push(segment) : parts.push(value, segment)));
    return Buffer.concat(parts, identityLength);
  }

  const crcOf = pageCrc(segments, nonceLength);

  function gzip(nonce: string): Buffer {
    const value = Buffer.from(nonce);
    if (nonces > 0 && value.length !== nonceLength) throw new RangeError("nonce length differs from the stored one");
    const stored = storedBlock(value);
    const parts: Buffer[] = [GZIP_HEADER];
    segments.forEach((_segment, i) => {
      if (i > 0) parts.push(stored);
      parts.push(deflated[i]!);
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crcOf(value), 0);
    trailer.writeUInt32LE(identityLength >>> 0, 4);
    parts.push(trailer);
    return Buffer.concat(parts, gzipLength);
  }

  return { identity, gzip, identityLength, gzipLength };
}

/** The raw CRC-32 register (no pre- or post-inversion) after `bytes`, from `register`. */
function rawCrc(register: number, bytes: Buffer): number {
  return ~zlib.crc32(bytes, ~register >>> 0) >>> 0;
}

/**
 * The CRC-32 of the page with a given nonce, in a few µs instead of a pass over the whole page.
 * CRC-32 is affine: for two messages of one length, crc(A) ^ crc(B) is the raw CRC of A ^ B. With
 * B the page with zeros in the nonces' places, A ^ B is zero but for the nonce in each place; its
 * raw CRC is the nonce's, carried over each following piece by a linear map over GF(2) (what
 * running that many zero bytes does to the register), each stored as its 32 columns.
 */
function pageCrc(segments: Buffer[], nonceLength: number): (nonce: Buffer) => number {
  const zeros = Buffer.alloc(Math.max(nonceLength, ...segments.map((s) => s.length)));
  let base = 0;
  segments.forEach((segment, i) => {
    if (i > 0) base = zlib.crc32(zeros.subarray(0, nonceLength), base);
    base = zlib.crc32(segment, base);
  });
  const carries = segments.slice(1).map((segment) => {
    const columns = new Uint32Array(32);
    for (let bit = 0; bit < 32; bit++) columns[bit] = rawCrc((1 << bit) >>> 0, zeros.subarray(0, segment.length));
    return columns;
  });
  return (nonce) => {
    let register = 0;
    for (const columns of carries) {
      let state = rawCrc(register, nonce);
      register = 0;
      for (let bit = 0; state !== 0; bit++, state >>>= 1) if (state & 1) register ^= columns[bit]!;
    }
    return (base ^ register) >>> 0;
  };
}
