// The inbound mail figures for `npm run bench`: replies to a support mail, each a raw
// RFC 822 message with a quoted history, posted to the HTTP entry's handler in this process
// (secret check, body read, raw bytes filed, row written, 202) eight at a time, and each processed
// as the entry does after its answer (parsed, stripped, threaded by its reply token, written as a
// reply on the request with its event). Timed: the entry's throughput (messages a second answered
// 202) and, per message, the time from its post to its reply being in the desk.
// Prints one JSON line: { dialect, messages, concurrency, entryPerSecond, desk: {p50, p95, max}, replies }.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { closeDb, currentDialect, db, migrateToLatest } from "../../app/server/db/db.server";
import { replyAddressFor } from "../../app/server/mail/reply-token.server";
import { processInbound } from "../../app/server/models/inbound/inbound-routing.server";
import { answerInboundMail } from "../../app/routes/resources/inbound-mail.server";
import { summary, withBenchDatabase } from "./bench-database";

const MESSAGES = Number(process.env.BENCH_INBOUND_MESSAGES ?? 300);
const CONCURRENCY = 8;
const COMPANIES = 30;
const SECRET = process.env.INBOUND_MAIL_SECRET!;

const storage = mkdtempSync(path.join(os.tmpdir(), "inbound-bench-"));
process.env.STORAGE_DIR = storage;
try {
  const figures = await withBenchDatabase(async () => {
    await migrateToLatest();
    const now = Date.now();
    // Many members of many companies, one reply each, so no sender or company reaches the hourly
    // limits (decision 0101: 20 a sender, 100 a company), which would hold the rest.
    const senders = Array.from({ length: MESSAGES }, (_, i) => ({
      companyId: `bench-company-${i % COMPANIES}`,
      userId: `bench-member-${i}-${randomBytes(3).toString("hex")}`,
    }));
    const complaints = new Map<string, string>();
    for (let c = 0; c < COMPANIES; c++) {
      const companyId = `bench-company-${c}`;
      await db()
        .insertInto("companies")
        .values({ id: companyId, name: `Kestrel ${c} GmbH`, createdAt: now, updatedAt: now })
        .execute();
    }
    for (const { companyId, userId } of senders)
      await db()
        .insertInto("users")
        .values({
          id: userId,
          name: "Asha Rao",
          email: `${userId}@kestrel.example`,
          emailVerified: currentDialect() === "sqlite" ? 1 : true,
          image: null,
          role: "client",
          companyId,
          createdAt: new Date(now).toISOString(),
          updatedAt: new Date(now).toISOString(),
        })
        .execute();
    for (const { companyId, userId } of senders.slice(0, COMPANIES)) {
      const complaintId = randomUUID();
      complaints.set(companyId, complaintId);
      await db()
        .insertInto("complaints")
        .values({
          id: complaintId,
          companyId,
          createdBy: userId,
          subject: "Export fails",
          message: "The CSV export is empty.",
          status: "Pending",
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    const messages = await Promise.all(
      senders.map(({ companyId, userId }, i) =>
        new MailComposer({
          from: `Asha Rao <${userId}@kestrel.example>`,
          to: replyAddressFor({ complaintId: complaints.get(companyId)!, userId })!,
          subject: "Re: Export fails",
          messageId: `<bench-${i}-${randomUUID()}@mail.kestrel.example>`,
          text: `Reply ${i}: still empty after clearing the cache.\n\nOn Mon, 30 Nov 2026 at 10:00, Support wrote:\n> Please clear the cache.\n> Then try again.\n`,
        })
          .compile()
          .build(),
      ),
    );

    const desk: number[] = [];
    const processing: Promise<unknown>[] = [];
    let next = 0;
    const started = performance.now();
    async function poster() {
      while (next < messages.length) {
        const raw = messages[next++]!;
        const posted = performance.now();
        const response = await answerInboundMail(
          new Request("http://bench.local/api/inbound-mail", {
            method: "POST",
            headers: { Authorization: `Bearer ${SECRET}`, "Content-Type": "message/rfc822" },
            body: new Uint8Array(raw),
          }),
          (id) => processing.push(processInbound(id).then(() => desk.push(performance.now() - posted))),
        );
        if (response.status !== 202) throw new Error(`the entry answered ${response.status}`);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, poster));
    const entrySeconds = (performance.now() - started) / 1000;
    await Promise.all(processing);
    const replies = await db()
      .selectFrom("complaintReplies")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("complaintId", "in", [...complaints.values()])
      .executeTakeFirstOrThrow();
    return {
      dialect: currentDialect(),
      messages: MESSAGES,
      concurrency: CONCURRENCY,
      entryPerSecond: MESSAGES / entrySeconds,
      desk: summary(desk),
      replies: Number(replies.n),
    };
  });
  console.log(JSON.stringify(figures));
} finally {
  await closeDb();
  rmSync(storage, { recursive: true, force: true });
}
