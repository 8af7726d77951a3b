// The production entry: node:http, static assets, compression, security headers, then React Router.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import proxyAddr from "proxy-addr";
import sirv from "sirv";
import type * as AppModule from "./server/app";
import { EnvError, getEnv } from "./app/server/env.server";
import { logger } from "./app/server/logger.server";
import { baseSecurityHeaders, RESOURCE_CSP } from "./app/server/security-headers.server";

// Set before React loads (dynamic import below): React picks its build from NODE_ENV once.
process.env.NODE_ENV ??= "production";

const buildDir = path.dirname(fileURLToPath(import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

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

const env = loadEnvOrExit();
type App = typeof AppModule;
const app = (await import(path.join(buildDir, "server/index.js"))) as App;
try {
  await app.startApp();
} catch (error) {
  logger.fatal({ err: error }, "startup failed (database unreachable or migration error?)");
  process.exit(1);
}

// TRUSTED_PROXIES: comma-separated addresses, CIDRs or proxy-addr names (loopback, linklocal, uniquelocal).
const trustProxy = proxyAddr.compile(env.TRUSTED_PROXIES ? env.TRUSTED_PROXIES.split(",").map((s) => s.trim()) : []);

async function handleDynamic(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  try {
    const response = await app.handleRequest(createRequest(req, res), proxyAddr(req, trustProxy));
    await sendResponse(res, response);
  } catch (error) {
    logger.error({ err: error, url: req.url }, "request failed");
    if (res.headersSent) return void res.destroy();
    res.statusCode = 500;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end("Internal Server Error");
  }
}

const clientDir = path.join(buildDir, "client");
const serveStatic = sirv(clientDir, {
  gzip: true,
  brotli: true,
  etag: true,
  maxAge: 3600,
  setHeaders(res, pathname) {
    // Hashed build output never changes under the same name: cache it for a year.
    if (pathname.startsWith("/assets/")) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  },
});
const compress = compression({ threshold: 1024 });
const hsts = env.APP_URL.startsWith("https://");

const server = http.createServer((req, res) => {
  const started = performance.now();
  res.on("finish", () => {
    logger.info(
      { method: req.method, url: req.url, status: res.statusCode, ms: Math.round(performance.now() - started) },
      "request",
    );
  });
  for (const [name, value] of Object.entries(baseSecurityHeaders)) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", RESOURCE_CSP);
  if (hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");

  compress(req as never, res as never, () => {
    serveStatic(req, res, () => void handleDynamic(req, res));
  });
});

server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port, url: env.APP_URL }, "server listening");
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
  const streams = app.closeStreams();
  if (streams) logger.info({ streams }, "closed live event streams");
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
