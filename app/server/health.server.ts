import { sql, Migrator } from "kysely";
import { db } from "./db.server";
import { migrations } from "./migrations/index";
import { fileStore } from "./storage.server";

export interface Readiness {
  ready: boolean;
  database: "ok" | "unreachable";
  migrations: "applied" | "pending" | "unknown";
  pending: string[];
  storage: "ok" | "unreachable";
}

/** Database reachable, every migration applied and file storage answering: safe to send this instance traffic. */
export async function readiness(): Promise<Readiness> {
  const [database, storage] = await Promise.all([databaseReadiness(), storageReadiness()]);
  return { ...database, storage, ready: database.ready && storage === "ok" };
}

async function databaseReadiness(): Promise<Omit<Readiness, "storage">> {
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

async function storageReadiness(): Promise<Readiness["storage"]> {
  try {
    await fileStore().checkReachable();
    return "ok";
  } catch {
    return "unreachable";
  }
}
