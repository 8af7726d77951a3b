import { sql } from "kysely";
import { db } from "~/server/db/db.server";
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
 * Publishes a change event when public content changes outside this process (another instance,
 * a script, an operator's SQL), so live pages stay right whoever wrote the row.
 */
export function startContentWatcher(intervalMs = 2_000): { stop(): void } {
  const last = new Map<string, string>();
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
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
