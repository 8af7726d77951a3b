import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { parseImapUrl, type ImapTarget } from "~/server/env-imap.server";
import { scrapeMetrics } from "~/server/metrics.server";
import { IMPORTED_KEYWORD, importUnseen } from "~/server/models/inbound/imap-import.server";
import { storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { startImapPoller, type ImapPoller } from "~/server/models/inbound/imap-poller.server";
import { imapStatus } from "~/server/models/inbound/imap-status.server";
import { processDueInbound } from "~/server/models/inbound/inbound-routing.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { dovecotBinary, DOVECOT_BIN, startDovecot, type TestDovecot } from "../helpers/dovecot";
import { answeredRequest, mailFixture } from "../helpers/inbound-mail";
import { sampleValue } from "../helpers/prometheus";

// Decision 0100: a real Dovecot on loopback; messages are delivered by IMAP APPEND, imported by the
// poller through the same store as the HTTP entry, and flagged only after the store.

const installed = dovecotBinary() !== undefined;
if (!installed) {
  console.warn(
    `\n${"!".repeat(78)}\n!! inbound-imap: dovecot is not installed (${DOVECOT_BIN}): the IMAP suite is SKIPPED.\n` +
      `!! Install Debian's dovecot-imapd (or set DOVECOT_BIN) to run it.\n${"!".repeat(78)}\n`,
  );
}

const REPLY = "reply@in.example.com";

describe.skipIf(!installed)("Inbound mail by IMAP", () => {
  let server: TestDovecot;
  let target: ImapTarget;

  beforeAll(async () => {
    server = await startDovecot();
    target = parseImapUrl(server.url) as ImapTarget;
  }, 30_000);
  afterAll(() => server?.stop());

  describe.each(testDatabases("inbound-imap"))("on $name", (database) => {
    let cleanup: () => Promise<void>;
    let staff: TestUser;
    let asha: TestUser;
    let pollers: ImapPoller[] = [];

    beforeAll(async () => {
      ({ cleanup } = await useAppDatabase(database, { INBOUND_REPLY_ADDRESS: REPLY, INBOUND_IMAP_URL: server.url }));
      staff = await signInStaff("sana@indigokite.dev", { name: "Sana Support" });
      asha = await signUp("asha@kite.example", "Asha Rao");
      await companyOf(asha);
    });
    afterAll(() => cleanup());
    beforeEach(async () => {
      await Promise.all(pollers.map((poller) => poller.stop()));
      pollers = [];
      await clearTables("inboundMessages", "mailThreads", "attachments", "complaintReplies", "complaints", "mailOutbox", "leases");
      await server.empty();
    });

    const poll = (onStored: (id: string) => void = () => {}) => {
      const poller = startImapPoller(target, { pollMs: 200, leaseTtlMs: 3_000, backoffMs: 50, onStored });
      pollers.push(poller);
      return poller;
    };
    const rows = () => db().selectFrom("inboundMessages").select(["id", "messageId", "status"]).execute();
    const allImported = async (count: number) => {
      const flags = [...(await server.flags()).values()];
      return flags.length === count && flags.every((f) => f.includes("\\Seen") && f.includes(IMPORTED_KEYWORD));
    };
    /** One pass as the poller makes it, on a connection of the test's own. */
    const onePass = async () => {
      const client = await server.client();
      try {
        return await importUnseen(client, "INBOX");
      } finally {
        await client.logout();
      }
    };

    test("Messages appended to the mailbox are stored, flagged after the store, and routed once: a token reply ends as the member's e-mail reply", async () => {
      const { complaint, replyTo } = await answeredRequest(asha, staff);
      await server.append(mailFixture("gmail-reply.eml", { to: replyTo, id: "imap-reply" }));
      await server.append(mailFixture("new-request.eml", { id: "imap-new" }));
      const stored: string[] = [];
      const poller = poll((id) => stored.push(id));
      await expect.poll(() => allImported(2), { timeout: 10_000 }).toBe(true);
      await poller.stop();
      expect(stored).toHaveLength(2);
      expect((await rows()).map((r) => r.messageId).sort()).toEqual([
        "<CAFxyz123-gmail-imap-reply@mail.gmail.com>",
        "<new-request-imap-new@kite.example>",
      ]);

      await processDueInbound();
      await processDueInbound();
      const replies = await db()
        .selectFrom("complaintReplies")
        .select(["text", "channel", "senderId"])
        .where("complaintId", "=", complaint.id)
        .where("channel", "=", "email")
        .execute();
      expect(replies).toEqual([{ text: "Thanks, that fixed it! The export works again.", channel: "email", senderId: asha.id }]);
      expect((await rows()).map((r) => r.status).sort()).toEqual(["routed", "routed"]);
      const opened = await db().selectFrom("complaints").select("subject").where("id", "!=", complaint.id).execute();
      expect(opened).toEqual([{ subject: "The staging site is down" }]);
    });

    test("A second poll imports nothing new", async () => {
      await server.append(mailFixture("new-request.eml", { id: "second-poll" }));
      expect(await onePass()).toMatchObject({ imported: 1, duplicates: 0 });
      expect(await onePass()).toMatchObject({ imported: 0, duplicates: 0 });
      expect(await rows()).toHaveLength(1);
    });

    test("Two instances' pollers started at once against one mailbox import each message once", async () => {
      for (let i = 0; i < 6; i++) await server.append(mailFixture("new-request.eml", { id: `two-pollers-${i}` }));
      const first: string[] = [];
      const second: string[] = [];
      const a = poll((id) => first.push(id));
      const b = poll((id) => second.push(id));
      await expect.poll(() => allImported(6), { timeout: 10_000 }).toBe(true);
      // Later deliveries too, while both run (one holds the lease, the other waits for it).
      for (let i = 6; i < 9; i++) await server.append(mailFixture("new-request.eml", { id: `two-pollers-${i}` }));
      await expect.poll(() => allImported(9), { timeout: 10_000 }).toBe(true);
      const stored = [...first, ...second];
      expect(new Set(stored).size).toBe(9);
      expect(stored).toHaveLength(9);
      // One instance at a time: the lease holder took them all.
      expect([first.length, second.length].sort((x, y) => x - y)).toEqual([0, 9]);
      expect(await rows()).toHaveLength(9);

      // The holder stops (a deploy): it lets the lease go, and the other instance takes over.
      const [holder, standby] = first.length > 0 ? [a, second] : [b, first];
      await holder.stop();
      await server.append(mailFixture("new-request.eml", { id: "after-takeover" }));
      await expect.poll(() => allImported(10), { timeout: 10_000 }).toBe(true);
      expect(standby).toHaveLength(1);
      expect(await rows()).toHaveLength(10);
    });

    test("With the connection open, a new message is announced by IDLE and imported without waiting for the poll period", async () => {
      const connected = async () => sampleValue((await scrapeMetrics()).body, "agency_inbound_imap_connected");
      pollers.push(startImapPoller(target, { pollMs: 120_000, onStored: () => {} }));
      await expect.poll(connected, { timeout: 10_000 }).toBe(1);
      // The console's Inbound mail page names the instance reading the mailbox, never the password.
      const status = await imapStatus();
      expect(status).toEqual({ mailbox: `imap://support@127.0.0.1:${server.port}/INBOX`, readBy: expect.stringMatching(/-\d+$/) });
      await server.append(mailFixture("new-request.eml", { id: "idle" }));
      await expect.poll(() => allImported(1), { timeout: 10_000, interval: 200 }).toBe(true);
      expect(await rows()).toHaveLength(1);
    });

    test("A crash between the store and the flag imports nothing twice: the next poll finds the message stored and flags it", async () => {
      await server.append(mailFixture("new-request.eml", { id: "crash" }));
      // What a process that died right after storeInbound left: the row, and the message still unseen.
      const client = await server.client();
      try {
        const lock = await client.getMailboxLock("INBOX");
        try {
          const message = await client.fetchOne("1", { source: true });
          expect(message && (await storeInbound(message.source!)).duplicate).toBe(false);
        } finally {
          lock.release();
        }
      } finally {
        await client.logout();
      }
      expect([...(await server.flags()).values()][0]).not.toContain("\\Seen");

      expect(await onePass()).toMatchObject({ imported: 0, duplicates: 1 });
      expect(await rows()).toHaveLength(1);
      expect(await allImported(1)).toBe(true);
    });

    test("A mailbox that cannot be reached is retried with backoff, counted as a failed run, and the poller still stops cleanly", async () => {
      const failures = async () =>
        sampleValue((await scrapeMetrics()).body, "agency_job_runs_total", { job: "inbound-imap", outcome: "failure" }) ?? 0;
      const before = await failures();
      const poller = startImapPoller({ ...target, port: 1 }, { pollMs: 200, backoffMs: 50, backoffMaxMs: 200 });
      pollers.push(poller);
      await expect.poll(failures, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
      await poller.stop();
      const connected = sampleValue((await scrapeMetrics()).body, "agency_inbound_imap_connected");
      expect(connected).toBe(0);
      expect((await imapStatus())?.readBy).toBeNull();
    });
  });
});
