// A stored page that is sent with a fresh CSP nonce each time (issue 15), still compressed once.
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
 * last one final: the nonces go between them uncompressed, and the CRC is computed per response
 * over the pieces — microseconds for a page.
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
      const options: zlib.ZlibOptions = { level: 9, finishFlush: i === segments.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH };
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

  function gzip(nonce: string): Buffer {
    const value = Buffer.from(nonce);
    if (nonces > 0 && value.length !== nonceLength) throw new RangeError("nonce length differs from the stored one");
    const stored = storedBlock(value);
    const parts: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    segments.forEach((segment, i) => {
      if (i > 0) {
        parts.push(stored);
        crc = zlib.crc32(value, crc);
      }
      parts.push(deflated[i]!);
      crc = zlib.crc32(segment, crc);
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(identityLength >>> 0, 4);
    parts.push(trailer);
    return Buffer.concat(parts, gzipLength);
  }

  return { identity, gzip, identityLength, gzipLength };
}
