// The HTTP layer's static files and streaming compression (server.ts).
import zlib from "node:zlib";
import compression from "compression";
import sirv from "sirv";

/** The built client files, their precompressed siblings included (scripts/precompress.mjs). */
export function serveClientFiles(clientDir: string) {
  return sirv(clientDir, {
    gzip: true,
    brotli: true,
    etag: true,
    maxAge: 3600,
    setHeaders(res, pathname) {
      // Hashed build output never changes under the same name: cache it for a year.
      if (pathname.startsWith("/assets/")) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    },
  });
}

// Streamed dynamic responses only (rendered pages and `.data` answers: app.sendDocument; cached
// pages: compressed once when stored; assets: at build time). Fast settings, ~5% larger than the
// defaults (gzip 6, brotli 4) for about half the CPU.
export const streamCompression = compression({
  threshold: 1024,
  level: 4,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
});
