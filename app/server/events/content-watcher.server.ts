import { sql } from "kysely";
import { currentDialect, db } from "~/server/db/db.server";
import { events, type AppEvent } from "./bus.server";
import { logger } from "~/server/logger.server";

const WATCHED: { table: "job_openings" | "testimonials"; live: string; event: AppEvent }[] = [
  { table: "job_openings", live: "open", event: { type: "opening.changed", id: "*" } },
  { table: "testimonials", live: "visible", event: { type: "testimonial.changed", id: "*" } },
];

async function fingerprint(table: string, live: string): Promise<string> {
  const { rows } = await sql<{ f: string }>`
    select count(*) || ':' || coalesce(max(updated_at), 0) || ':' ||
      sum(case when status = ${live} then 1 else 0 end) as f
    from ${sql.table(table)}`.execute(db());
  return String(rows[0]?.f ?? "");
}

/**
 * SQLite's data_version moves when another connection (the staff CLI, a restore, an operator's
 * sqlite3) commits to the file, never for this process's own writes. Such a commit may have changed a
 * session, a role or a membership: cached session lookups go (decision 0107). PostgreSQL instances
 * say so on the bus themselves.
 */
async function otherWriterCommitted(last: { version?: number }): Promise<boolean> {
  if (currentDialect() !== "sqlite") return false;
  const { rows } = await sql<{ v: number }>`select data_version as v from pragma_data_version()`.execute(db());
  const version = Number(rows[0]?.v);
  const changed = last.version !== undefined && last.version !== version;
  last.version = version;
  return changed;
}

/**
 * Publishes a change event when public content changes outside this process (another instance,
 * a script, an operator's SQL), so live pages stay right whoever wrote the row.
 */
export function startContentWatcher(intervalMs = 2_000): { stop(): void } {
  const last = new Map<string, string>();
  const sqliteVersion: { version?: number } = {};
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (await otherWriterCommitted(sqliteVersion)) events().publish({ type: "auth.changed" });
      for (const w of WATCHED) {
        const now = await fingerprint(w.table, w.live);
        const before = last.get(w.table);
        last.set(w.table, now);
        if (before !== undefined && before !== now) events().publish(w.event);
      }
    } catch (error) {
      logger.warn({ err: error }, "content watcher check failed");
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
