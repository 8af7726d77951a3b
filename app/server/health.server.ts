import { sql, Migrator } from "kysely";
import { db } from "./db.server";
import { migrations } from "./migrations/index";

export interface Readiness {
  ready: boolean;
  database: "ok" | "unreachable";
  migrations: "applied" | "pending" | "unknown";
  pending: string[];
}

/** Database reachable and every migration applied: safe to send this instance traffic. */
export async function readiness(): Promise<Readiness> {
  try {
    await sql`select 1`.execute(db());
  } catch {
    return { ready: false, database: "unreachable", migrations: "unknown", pending: [] };
  }
  try {
    const migrator = new Migrator({ db: db(), provider: { getMigrations: async () => migrations } });
    const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
    return { ready: pending.length === 0, database: "ok", migrations: pending.length ? "pending" : "applied", pending };
  } catch {
    return { ready: false, database: "ok", migrations: "unknown", pending: [] };
  }
}
