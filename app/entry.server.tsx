import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "~/lib/nonce";
import { logger } from "~/server/logger.server";
import { deferModuleScripts } from "~/server/http/deferred-scripts.server";
import { cacheKeyOfRequest } from "~/server/http/html-cache.server";
import { documentResponse } from "~/server/http/send-document.server";
import { hashOwnScripts } from "~/server/http/script-hashes.server";
import { createNonce, documentCsp, hashedDocumentCsp } from "~/server/http/security-headers.server";
import { carriesSession } from "~/server/auth/session.server";

export const streamTimeout = 5_000;

/**
 * Renders the whole document into one buffer. No route defers data, so everything is
 * ready once the loaders have run: streaming the shell first would gain nothing, while writing one
 * buffer saves the stream plumbing and lets the compressor work on the page in one go. It also
 * hands the HTML cache (decision 0011) a complete page.
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  const nonce = createNonce();
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Vite's dev client injects inline scripts, so the strict policy only applies to built code.
  if (import.meta.env.PROD) responseHeaders.set("Content-Security-Policy", documentCsp(nonce));
  // A page the HTML cache may store is sent to everyone as the same bytes: its CSP names its own
  // inline scripts by hash, and the nonce only finds them here, never leaving the server (decision 0112).
  const byHash = import.meta.env.PROD && cacheKeyOfRequest(request) !== null;
  // Any page rendered for a signed-in visitor carries their details (the root loader's user), and
  // error pages have no route headers of their own: never stored (docs/security.md "Headers and
  // caching").
  if (carriesSession(request)) responseHeaders.set("Cache-Control", "no-store");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              const deferred = deferModuleScripts(Buffer.concat(chunks), nonce, byHash ? "" : nonce);
              let html = deferred.html;
              if (byHash) {
                const hashed = hashOwnScripts(html.toString("utf8"), nonce, deferred.created);
                html = Buffer.from(hashed.html);
                responseHeaders.set("Content-Security-Policy", hashedDocumentCsp(hashed.hashes));
              }
              responseHeaders.set("Content-Length", String(html.length));
              resolve(documentResponse(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // React Router's own 4xx (no route, no action for a POST, a method it does not know) are the
  // client's mistake: a scanner must not fill the error log.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.debug({ status: error.status, url: request.url }, "refused by the router");
    return;
  }
  logger.error({ err: error, url: request.url }, "unhandled error");
}
