import { sql } from "kysely";
import { createMigrator, db } from "./db.server";
import { checkRateLimitStore } from "./rate-limit.server";

export interface Readiness {
  ready: boolean;
  database: "ok" | "unreachable";
  migrations: "applied" | "pending" | "unknown";
  pending: string[];
  /** "off" unless REDIS_URL is set. */
  redis: "ok" | "unreachable" | "off";
}

/** Database reachable, every migration applied and Redis answering if configured: safe to send this instance traffic. */
export async function readiness(): Promise<Readiness> {
  const redis = await checkRateLimitStore();
  const redisReady = redis !== "unreachable";
  try {
    await sql`select 1`.execute(db());
  } catch {
    return { ready: false, database: "unreachable", migrations: "unknown", pending: [], redis };
  }
  try {
    const migrator = await createMigrator();
    const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
    const state = pending.length ? "pending" : "applied";
    return { ready: pending.length === 0 && redisReady, database: "ok", migrations: state, pending, redis };
  } catch {
    return { ready: false, database: "ok", migrations: "unknown", pending: [], redis };
  }
}
