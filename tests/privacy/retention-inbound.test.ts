import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DAY_MS } from "~/lib/retention";
import { db } from "~/server/db/db.server";
import { PURGED_ORIGINAL, retryInbound } from "~/server/models/inbound/inbound-console.server";
import { assignInbound } from "~/server/models/inbound/inbound-assign.server";
import { getInbound, storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { NO_ORIGINAL, originalMail } from "~/server/models/inbound/inbound-original.server";
import { processInbound } from "~/server/models/inbound/inbound-routing.server";
import { listRetentionCandidates } from "~/server/models/privacy/retention.server";
import { runRetention } from "~/server/privacy/retention-run.server";
import { fileStore } from "~/server/storage/storage.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { answeredRequest, mailFixture } from "../helpers/inbound-mail";
import { refusalOf } from "../helpers/refusals";

// Retention of inbound mail: an original (raw bytes, sender, subject) is removed N days after it
// arrived (90 by default) once it is done with; the row stays so a replayed Message-ID gets
// nothing, and what the mail became stays on its request.

const NOW = Date.UTC(2030, 5, 1, 3, 30);
const ago = (days: number, ms = 0) => NOW - days * DAY_MS + ms;

describe.each(testDatabases("inbound retention"))("Retention of inbound mail on $name", (database) => {
  let cleanup: () => Promise<void>;
  let staff: TestUser;
  let asha: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { INBOUND_REPLY_ADDRESS: "reply@in.example.com" }));
    staff = await signInStaff("sana@indigokite.dev", { name: "Sana Support" });
    asha = await signUp("asha@kite.example", "Asha Rao");
    await companyOf(asha);
  });
  afterAll(() => cleanup());

  /** A mail stored and processed at `at`: Asha's reply to her request (routed) or a stranger's (held). */
  async function arrived(at: number, who: "asha" | "stranger") {
    const raw =
      who === "asha"
        ? mailFixture("gmail-reply.eml", { from: asha.email, to: (await answeredRequest(asha, staff)).replyTo })
        : mailFixture("new-request.eml", { from: "stranger@elsewhere.example" });
    const { id } = await storeInbound(raw, at);
    await processInbound(id, at);
    return { id, raw, row: (await getInbound(id))! };
  }

  test("An original is due once it is done with and N days old, never a millisecond before, and never while it is being processed", async () => {
    await clearTables("inboundMessages", "retentionRuns");
    const atBoundary = await arrived(ago(90), "asha");
    const justBefore = await arrived(ago(90, 1), "asha");
    const heldLongAgo = await arrived(ago(200), "stranger");
    expect(atBoundary.row.status).toBe("routed");
    expect(heldLongAgo.row.status).toBe("held");
    // Still waiting for a retry: its original is needed.
    const { id: stillStored } = await storeInbound(mailFixture("new-request.eml", { from: "later@elsewhere.example" }), ago(300));

    const due = (await listRetentionCandidates(NOW)).filter((c) => c.kind === "inbound");
    expect(due.map((c) => c.id).sort()).toEqual([atBoundary.id, heldLongAgo.id].sort());
    expect(due.find((c) => c.id === heldLongAgo.id)).toMatchObject({
      label: expect.stringContaining("stranger@elsewhere.example"),
      since: ago(200),
    });
    expect(due.map((c) => c.id)).not.toContain(justBefore.id);
    expect(due.map((c) => c.id)).not.toContain(stillStored);
    // A longer setting moves the boundary.
    const longer = await listRetentionCandidates(NOW, { settings: { applicationDays: 180, leadDays: 365, inboundMailDays: 150 } });
    expect(longer.filter((c) => c.kind === "inbound").map((c) => c.id)).toEqual([heldLongAgo.id]);
  });

  test("A run removes the originals' bytes, sender and subject, keeps the reply, counts them, and a replay of the same mail still gets nothing", async () => {
    await clearTables("inboundMessages", "retentionRuns");
    const routed = await arrived(ago(95), "asha");
    const held = await arrived(ago(120), "stranger");
    const recent = await arrived(ago(10), "asha");
    expect(await fileStore().exists(routed.row.rawKey)).toBe(true);

    const result = await runRetention({ now: NOW, slot: NOW, holder: "instance-a" });
    expect(result).toMatchObject({ inboundMails: 2, files: 2, failed: 0 });

    for (const { id, row } of [routed, held]) {
      const after = (await getInbound(id))!;
      expect(after).toMatchObject({ rawKey: "", fromAddress: null, subject: null, authResults: null, status: row.status });
      expect(Number(after.purgedAt)).toBe(NOW);
      expect(await fileStore().exists(row.rawKey)).toBe(false);
    }
    const kept = (await getInbound(recent.id))!;
    expect(kept.purgedAt).toBeNull();
    expect(await fileStore().exists(kept.rawKey)).toBe(true);

    // What the mail became stays on the request; its original is no longer there to read.
    const reply = await db()
      .selectFrom("complaintReplies")
      .select(["complaintId", "text"])
      .where("id", "=", routed.id)
      .executeTakeFirstOrThrow();
    expect(reply.text.length).toBeGreaterThan(0);
    expect(await refusalOf(originalMail({ complaintId: reply.complaintId, messageId: routed.id }))).toMatchObject({
      kind: "not-found",
      message: NO_ORIGINAL,
    });

    // The same bytes again (a replay): recognised by the row that stayed, stored and routed nowhere.
    expect(await storeInbound(routed.raw, NOW)).toEqual({ id: routed.id, duplicate: true });

    const audit = await db().selectFrom("auditLog").select("detail").where("action", "=", "retention.run").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail)).toMatchObject({ inboundMails: 2 });
    // A second run finds nothing more to do.
    expect(await runRetention({ now: NOW + DAY_MS, slot: NOW + DAY_MS, holder: "instance-a" })).toMatchObject({ inboundMails: 0 });
  });

  test("A held mail whose original was removed cannot be tried again or assigned, and says why", async () => {
    await clearTables("inboundMessages", "retentionRuns");
    const held = await arrived(ago(100), "stranger");
    expect(await runRetention({ now: NOW, slot: NOW + 2 * DAY_MS, holder: "instance-a" })).toMatchObject({ inboundMails: 1 });
    expect(await refusalOf(retryInbound({ ...staff, name: "Sana Support" }, held.id, NOW))).toMatchObject({
      kind: "conflict",
      message: PURGED_ORIGINAL,
    });
    expect(await refusalOf(assignInbound({ ...staff, name: "Sana Support" }, held.id, { companyId: await companyOf(asha) }))).toMatchObject(
      {
        kind: "conflict",
        message: PURGED_ORIGINAL,
      },
    );
    expect((await getInbound(held.id))!.status).toBe("held");
  });
});
