import { newOrderedId } from "~/lib/ids";
import { db, type Executor } from "~/server/db/db.server";
import type { Actor } from "~/server/auth/actor.server";

interface AuditEntry {
  id: string;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string;
  detail: Record<string, unknown>;
  createdAt: number;
}

/** Records who did what, when, on which record; call inside the change's own transaction. */
export async function recordAudit(
  executor: Executor,
  actor: Actor,
  entry: { action: string; entity: string; entityId: string; detail?: Record<string, unknown> },
  now = Date.now(),
): Promise<void> {
  await executor
    .insertInto("auditLog")
    .values({
      id: newOrderedId(),
      actorId: actor.id,
      actorEmail: actor.email,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      detail: JSON.stringify(entry.detail ?? {}),
      createdAt: now,
    })
    .execute();
}

/**
 * Reads that take personal data out of the console (a resume download, a CSV
 * export) are recorded too; they change nothing else, so the row stands alone.
 */
export async function recordStaffRead(
  actor: Actor,
  entry: { action: string; entity: string; entityId: string; detail?: Record<string, unknown> },
): Promise<void> {
  await recordAudit(db(), actor, entry);
}

export async function listAudit(options: {
  entity?: string;
  entityId?: string;
  limit: number;
  offset: number;
}): Promise<{ entries: AuditEntry[]; total: number }> {
  let query = db().selectFrom("auditLog");
  if (options.entity) query = query.where("entity", "=", options.entity);
  if (options.entityId) query = query.where("entityId", "=", options.entityId);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy("createdAt", "desc").orderBy("id", "desc").limit(options.limit).offset(options.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    entries: rows.map((r) => ({
      id: r.id,
      actorEmail: r.actorEmail,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      detail: safeJson(r.detail),
      createdAt: r.createdAt,
    })),
  };
}

/** The entity names that occur in the log, for the console's filter. */
export async function listAuditEntities(): Promise<string[]> {
  const rows = await db().selectFrom("auditLog").select("entity").distinct().orderBy("entity").execute();
  return rows.map((r) => r.entity);
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
