// The production entry: node:http, static assets, compression, security headers, then React Router.
// First: the working directory's .env, before anything reads the environment (decision 0063).
import { envFile } from "./app/server/load-env-file.server";
import http from "node:http";
import { enableCompileCache } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import type * as AppModule from "./server/app";
import { serveClientFiles, streamCompression } from "./server/static-and-compression";
import { acceptForwarding, compileTrustedProxies } from "./app/server/http/forwarding.server";
import { REQUEST_ID_RESPONSE_HEADER, requestIdOf } from "./app/server/http/request-id.server";
import { startMetricsListener } from "./server/metrics-listener";
import { httpServerOptions } from "./app/server/http/server-options.server";
import { APP_VERSION } from "./app/lib/version";

// The old generation may grow 20% past the live set between full collections instead of V8's
// default (up to 4×): under load the heap stays near what is live (~30 MB) rather than filling
// with promoted garbage, RSS after the bench's load ~155 MiB instead of ~250 (decision 0021).
v8.setFlagsFromString("--heap-growing-percent=20");

// Set before React loads (dynamic import below): React picks its build from NODE_ENV once.
process.env.NODE_ENV ??= "production";

const buildDir = path.dirname(fileURLToPath(import.meta.url));

// V8's compiled code of the app's bundle is kept on disk (NODE_COMPILE_CACHE, else build/.compile-cache,
// private to whoever built it, unlike a shared temp folder) and reused by the next start of the same
// build: parsing and compiling the ~1.6 MB bundle was a third of a start's CPU (decision 0108). A
// folder it cannot write (a read-only image) only costs that time.
enableCompileCache(process.env.NODE_COMPILE_CACHE || path.join(buildDir, ".compile-cache"));
const SHUTDOWN_GRACE_MS = 10_000;
// Long enough for the first page (a health check, the first visitor) to be answered first.
const WARM_UP_DELAY_MS = 300;

function loadEnvOrExit() {
  try {
    return getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

type App = typeof AppModule;
// The app's bundle also supplies the env, logger and headers: one copy of each (and of zod and
// pino) in the process. Importing it reads no configuration; that starts below.
const app = (await import(path.join(buildDir, "server/index.js"))) as App;
const { EnvError, getEnv, logger, baseSecurityHeaders, RESOURCE_CSP } = app;
if (envFile)
  logger.info({ file: envFile.path, read: envFile.applied.length, keptFromEnvironment: envFile.kept }, "configuration file read");
// Empty and misspelt variables, once, before the validation that may refuse the configuration.
app.reportConfiguration();
const env = loadEnvOrExit();
try {
  await app.startApp();
} catch (error) {
  logger.fatal({ err: error }, "startup failed (database unreachable or migration error?)");
  process.exit(1);
}

const trustProxy = compileTrustedProxies(env.TRUSTED_PROXIES);

/**
 * React Router renders the request. A public page rendered for an anonymous visitor (`cacheKey`)
 * is handed to the HTML cache and sent as stored; any other rendered page arrives whole
 * (entry.server.tsx) and, like `.data` answers, is compressed in one call; everything else
 * (redirects, resource routes, event streams) goes through `compression` as it streams.
 */
async function handleDynamic(req: http.IncomingMessage, res: http.ServerResponse, cacheKey: string | null): Promise<void> {
  try {
    const token = cacheKey === null ? 0 : app.htmlCache.begin();
    // Behind a TLS-terminating proxy the URL is https, as the browser sees it: React Router's
    // action origin check compares the whole origin.
    const { clientIp, protocol, host } = acceptForwarding(req, trustProxy);
    const response = await app.handleRequest(createRequest(req, res, { protocol, host }), clientIp);
    if (cacheKey !== null && (await app.htmlCache.sendRendered(req, res, cacheKey, token, response))) return;
    await sendAppResponse(req, res, response);
  } catch (error) {
    failed(req, res, error);
  }
}

/** A Response of the app, compressed whole (documents, `.data`) or as it streams (the rest). */
async function sendAppResponse(req: http.IncomingMessage, res: http.ServerResponse, response: Response): Promise<void> {
  if (app.isBufferedDocument(response) || app.isSingleFetchData(response)) {
    return app.sendDocument(req, res, response.status, response.headers, await app.bodyOf(response));
  }
  await new Promise<void>((resolve, reject) => {
    streamCompression(req as never, res as never, () => void sendResponse(res, response).then(resolve, reject));
  });
}

function failed(req: http.IncomingMessage, res: http.ServerResponse, error: unknown): void {
  logger.error({ err: error, url: req.url }, "request failed");
  if (res.headersSent) return void res.destroy();
  res.statusCode = 500;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end("Internal Server Error");
}

/**
 * A private file's GET or HEAD, answered by the app's download responder straight to
 * the socket: no Fetch stream bridge, no compression middleware on the bytes (decision 0040).
 * Its other answers (sign-in redirect, 403, 404) go out like any of the app's.
 */
async function handleDownload(req: http.IncomingMessage, res: http.ServerResponse, target: AppModule.DownloadTarget): Promise<void> {
  try {
    const { clientIp, protocol, host } = acceptForwarding(req, trustProxy);
    const response = await app.sendDownload(createRequest(req, res, { protocol, host }), clientIp, target, res);
    if (response) await sendAppResponse(req, res, response);
  } catch (error) {
    failed(req, res, error);
  }
}

/** The download a GET or HEAD asks for, or null. */
function downloadTarget(req: http.IncomingMessage): AppModule.DownloadTarget | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "";
  const query = url.indexOf("?");
  return app.downloadTargetOf(query === -1 ? url : url.slice(0, query));
}

// Methods the site answers. OPTIONS gets the list and nothing else (no CORS: the site is its only
// client); any other method gets 405 here, quietly: React Router would log it as an unhandled
// error, and the Fetch API cannot even represent some (TRACE, CONNECT), which was a 500.
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);
const ALLOW = "GET, HEAD, POST, OPTIONS";

/** Answers OPTIONS (204) and methods the site does not use (405) with an Allow header. */
function answerOtherMethods(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method !== "OPTIONS" && ALLOWED_METHODS.has(req.method ?? "")) return false;
  // The JSON API changes a record with PATCH (decision 0104); it answers its own 405s.
  if (req.method === "PATCH" && (req.url ?? "").startsWith("/api/v1/")) return false;
  res.statusCode = req.method === "OPTIONS" ? 204 : 405;
  res.setHeader("Allow", ALLOW);
  res.setHeader("Cache-Control", "no-store");
  if (res.statusCode === 405) res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end(res.statusCode === 405 ? "Method Not Allowed" : undefined);
  return true;
}

const serveStatic = serveClientFiles(path.join(buildDir, "client"));
const hsts = env.APP_URL.startsWith("https://");
const commonHeaders: Record<string, string> = { ...baseSecurityHeaders };
if (hsts) commonHeaders["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
// Cached pages are sent with these plus the headers they were rendered with (their own CSP).
app.htmlCache.setCommonHeaders(commonHeaders);

// Request logs: every rendered or failed request at info; cache hits and static files at debug,
// so the fast paths cost nothing when the level is info or above. Request metrics only when
// this instance exposes them (METRICS_TOKEN or METRICS_PORT).
const logRequests = logger.isLevelEnabled("info");
const logFastPaths = logger.isLevelEnabled("debug");
const measureRequests = app.metricsOn();

/** The path of a request's URL, for the route label. */
function pathOf(req: http.IncomingMessage): string {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/** The request's id in its answer and, through withRequestId, on every log line written meanwhile. */
const server = http.createServer(httpServerOptions(env), (req, res) => {
  const requestId = requestIdOf(req, trustProxy);
  const started = logRequests || measureRequests ? performance.now() : 0;
  // Anonymous visitors' public pages from memory (decision 0011), before any other work. The id
  // joins the stored header list: one writeHead of a ready list, as node:http sends fastest
  // (a header set beforehand would make it merge the list header by header, decision 0112).
  if (app.htmlCache.serve(req, res, [REQUEST_ID_RESPONSE_HEADER, requestId])) return cacheHit(req, res, requestId, started);
  res.setHeader(REQUEST_ID_RESPONSE_HEADER, requestId);
  app.withRequestId(requestId, () => answer(req, res, requestId, started));
});

function cacheHit(req: http.IncomingMessage, res: http.ServerResponse, requestId: string, started: number): void {
  if (logFastPaths) logger.debug({ requestId, method: req.method, url: req.url, status: res.statusCode, cache: "hit" }, "request");
  if (measureRequests) app.recordRequest(app.routeLabelOf(pathOf(req)), req.method, res.statusCode, (performance.now() - started) / 1000);
}

function answer(req: http.IncomingMessage, res: http.ServerResponse, requestId: string, started: number): void {
  let rendered = false;
  let staticFile = false;
  if (logRequests || measureRequests) {
    // "close", not "finish": a client that hangs up as soon as it has the bytes (a small static
    // file) can leave "finish" unfired, and that request would go unlogged and unmeasured.
    res.once("close", () => {
      const ms = performance.now() - started;
      if (measureRequests) {
        const route = staticFile ? app.STATIC_ROUTE_LABEL : app.routeLabelOf(pathOf(req));
        app.recordRequest(route, req.method, res.statusCode, ms / 1000);
      }
      if (!logRequests) return;
      const level = rendered || res.statusCode >= 400 ? "info" : "debug";
      // The id is named here: "close" may fire outside the request's async context.
      logger[level]({ requestId, method: req.method, url: req.url, status: res.statusCode, ms: Math.round(ms) }, "request");
    });
  }
  for (const name in commonHeaders) res.setHeader(name, commonHeaders[name]!);
  res.setHeader("Content-Security-Policy", RESOURCE_CSP);
  if (answerOtherMethods(req, res)) return;

  const download = downloadTarget(req);
  if (download) {
    rendered = true;
    return void handleDownload(req, res, download);
  }
  // A public page's path is never a file: straight to the app, which may fill the cache.
  const cacheKey = app.htmlCache.keyFor(req);
  if (cacheKey !== null) {
    rendered = true;
    return void handleDynamic(req, res, cacheKey);
  }
  // Static files: text ones over 1 kB were compressed at build time (scripts/precompress.mjs).
  staticFile = true;
  serveStatic(req, res, () => {
    staticFile = false;
    rendered = true;
    void handleDynamic(req, res, null);
  });
}

const metricsListener =
  env.METRICS_PORT === undefined
    ? null
    : await startMetricsListener({
        port: env.METRICS_PORT,
        host: env.METRICS_HOST,
        scrape: app.scrapeMetrics,
        onError: (error) => logger.error({ err: error }, "metrics scrape failed"),
      }).then(
        (listener) => {
          logger.info({ port: env.METRICS_PORT, host: env.METRICS_HOST }, "metrics listening");
          return listener;
        },
        (error: unknown) => {
          logger.fatal(
            { err: error, port: env.METRICS_PORT, host: env.METRICS_HOST },
            "metrics listener could not start (METRICS_PORT in use?)",
          );
          process.exit(1);
        },
      );

server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port, url: env.APP_URL, version: APP_VERSION }, "server listening");
  setTimeout(app.warmUp, WARM_UP_DELAY_MS).unref();
});

let shuttingDown = false;
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, "shutting down");
  server.close(() => {
    logger.info("server closed");
    void app.stopApp().finally(() => process.exit(0));
  });
  metricsListener?.close();
  metricsListener?.closeAllConnections();
  const streams = app.closeStreams();
  if (streams) logger.info({ streams }, "closed live event streams");
  server.closeIdleConnections();
  // A closed stream's keep-alive socket turns idle only once its last bytes are written, and each
  // finished request frees another: close those as they appear instead of waiting out their
  // keep-alive timeout (a stop with a live page open took ~3 s instead of a fraction of one).
  setInterval(() => server.closeIdleConnections(), 100).unref();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
