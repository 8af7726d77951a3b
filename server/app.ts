// The server half that Vite bundles together with the routes (build/server/index.js), so the
// database, event bus and workers exist once per process. server.ts (node:http) drives it.
import { createRequestHandler } from "react-router";
import { CLIENT_IP_HEADER } from "~/server/auth.server";
import { cleanTempUploads } from "~/server/storage.server";
import { startContentWatcher } from "~/server/content-watcher.server";
import { closeDb, migrateToLatest } from "~/server/db.server";
import { seedDemoContent } from "~/server/demo-content.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { closeAllEventStreams } from "~/server/sse.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The visitor's IP, resolved through TRUSTED_PROXIES. */
    clientIp: string;
  }
}

const handler = createRequestHandler(() => import("virtual:react-router/server-build"), "production");

export function handleRequest(request: Request, clientIp: string): Promise<Response> {
  // Better Auth reads the client IP from this header; whatever a client sent is replaced.
  request.headers.set(CLIENT_IP_HEADER, clientIp);
  return handler(request, { clientIp });
}

let mailWorker: { stop(): Promise<void> } | undefined;
let contentWatcher: { stop(): void } | undefined;

/** Migrations, demo content and background workers; called once before listening. */
export async function startApp(): Promise<void> {
  const env = getEnv();
  await migrateToLatest();
  if (env.DEMO_CONTENT === "on") await seedDemoContent();
  // Only stale leftovers: another instance sharing the directory may be mid-upload.
  await cleanTempUploads(undefined, 3_600_000);
  mailWorker = startMailWorker();
  contentWatcher = startContentWatcher();
  logger.info("app started");
}

/** Ends live streams so the HTTP server can close; then stops workers and the database. */
export function closeStreams(): number {
  return closeAllEventStreams();
}

export async function stopApp(): Promise<void> {
  closeAllEventStreams();
  contentWatcher?.stop();
  await mailWorker?.stop();
  await closeDb();
}
