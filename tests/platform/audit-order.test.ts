import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { listAudit, recordAudit } from "~/server/models/shared/audit.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";

const actor = { id: "staff-1", email: "admin@example.test" } as Parameters<typeof recordAudit>[1];

describe.each(testDatabases("audit-order"))("The audit log on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  });
  afterAll(async () => cleanup());

  test("Entries written in the same millisecond are listed newest first in the order they were written", async () => {
    const now = Date.now();
    const written = Array.from({ length: 40 }, (_, i) => `step.${String(i).padStart(2, "0")}`);
    // Each in its own transaction, as separate changes made within one millisecond would be.
    for (const action of written) {
      await db()
        .transaction()
        .execute((trx) => recordAudit(trx, actor, { action, entity: "project", entityId: "p1" }, now));
    }
    const { entries } = await listAudit({ entityId: "p1", limit: 100, offset: 0 });
    expect(entries.map((e) => e.action)).toEqual([...written].reverse());
  });
});
