import { sql } from "kysely";
import { createMigrator, db } from "~/server/db/db.server";
import { checkRateLimitStore } from "~/server/defence/rate-limit.server";
import { logger } from "~/server/logger.server";
import { fileStore } from "~/server/storage/storage.server";

interface Readiness {
  ready: boolean;
  database: "ok" | "unreachable";
  migrations: "applied" | "pending" | "unknown";
  pending: string[];
  storage: "ok" | "unreachable";
  /** "off" unless REDIS_URL is set. */
  redis: "ok" | "unreachable" | "off";
}

/**
 * Database reachable, every migration applied, file storage answering and Redis answering if
 * configured: safe to send this instance traffic.
 */
export async function readiness(): Promise<Readiness> {
  const [database, storage, redis] = await Promise.all([databaseReadiness(), storageReadiness(), checkRateLimitStore()]);
  return { ...database, storage, redis, ready: database.ready && storage === "ok" && redis !== "unreachable" };
}

/** /readyz is public: one check a second at most, whoever asks and however often. */
const CACHE_MS = 1_000;
let cached: { at: number; result: Promise<Readiness> } | undefined;
let lastReady: boolean | undefined;

/**
 * The latest check if it started less than a second before `now`, else a new one; concurrent
 * callers share it. The details go to the log when readiness changes, never to the public.
 */
export function cachedReadiness(now: number = Date.now()): Promise<Readiness> {
  if (cached && now >= cached.at && now - cached.at < CACHE_MS) return cached.result;
  const result = readiness().then((state) => {
    if (state.ready !== lastReady) {
      const { ready, ...details } = state;
      if (ready) logger.info(details, "ready");
      else logger.warn(details, "not ready");
      lastReady = ready;
    }
    return state;
  });
  cached = { at: now, result };
  return result;
}

/** Drops the cached check (tests). */
export function forgetReadiness(): void {
  cached = undefined;
}

async function databaseReadiness(): Promise<Omit<Readiness, "storage" | "redis">> {
  try {
    await sql`select 1`.execute(db());
  } catch {
    return { ready: false, database: "unreachable", migrations: "unknown", pending: [] };
  }
  try {
    const migrator = await createMigrator();
    const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
    return { ready: pending.length === 0, database: "ok", migrations: pending.length ? "pending" : "applied", pending };
  } catch {
    return { ready: false, database: "ok", migrations: "unknown", pending: [] };
  }
}

async function storageReadiness(): Promise<Readiness["storage"]> {
  try {
    await fileStore().checkReachable();
    return "ok";
  } catch {
    return "unreachable";
  }
}
