// The production entry: node:http, static assets, compression, security headers, then React Router.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestListener } from "@remix-run/node-fetch-server";
import compression from "compression";
import type { ServerBuild } from "react-router";
import sirv from "sirv";
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
const { createRequestHandler } = await import("react-router");
const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
const handleDocument = createRequestHandler(build, "production");
const listener = createRequestListener((request) => handleDocument(request), {
  onError(error) {
    logger.error({ err: error }, "request failed");
    return new Response("Internal Server Error", { status: 500, headers: { "Content-Type": "text/plain" } });
  },
});

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
    serveStatic(req, res, () => void listener(req, res));
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
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
