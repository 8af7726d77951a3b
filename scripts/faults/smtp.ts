import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../tests/helpers/smtp";
import { startAppServer, sqliteDataDir } from "./lib/app-server";
import { emailOf, isSuccess, postQuote, readyFormToken, runTag } from "./lib/forms";
import { openInspector, type Inspector } from "./lib/inspect";
import { log, onCleanup, reservePort, sleep } from "./lib/processes";
import type { Outcome } from "./lib/report";

//, part 6: the SMTP server (a real smtp-server on loopback) is down while quotes queue
// their mails, comes up, goes down again mid-flow and comes back: every outbox mail is delivered
// exactly once, counted by Message-ID at the SMTP server.

const SALES = "sales@example.com";
const QUOTES_PER_PHASE = 15;
const DRAIN_TIMEOUT_MS = 90_000;

export async function smtpSuite(): Promise<Outcome[]> {
  const smtpPort = await reservePort();
  const data = sqliteDataDir("smtp");
  const server = await startAppServer(data, await reservePort(), { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_SALES_TO: SALES });
  const db = await openInspector(data);
  // Each start of the SMTP server on the same port keeps its own log of what it received.
  const runs: TestSmtpServer[] = [];
  let smtp: TestSmtpServer | undefined;
  const smtpUp = async () => {
    smtp = await startSmtpServer({ port: smtpPort });
    runs.push(smtp);
    onCleanup(() => smtp?.stop());
  };
  const smtpDown = async () => {
    await smtp?.stop();
    smtp = undefined;
  };
  try {
    const formToken = await readyFormToken(server.url);
    const tag = runTag("smtp");
    let next = 0;
    const postQuotes = async () => {
      const statuses = await Promise.all(
        Array.from({ length: QUOTES_PER_PHASE }, () => {
          const i = next++;
          return postQuote(server.url, formToken, emailOf(tag, i), i);
        }),
      );
      return statuses.filter(isSuccess).length;
    };

    log("smtp: down; queueing quote mails");
    let accepted = await postQuotes();
    await waitFor(async () => (await failedAttempts(db)) >= 2 * QUOTES_PER_PHASE, 15_000);
    const attemptsWhileDown = await failedAttempts(db);
    log(`smtp: ${attemptsWhileDown} failed attempts while down; up again`);
    await smtpUp();
    accepted += await postQuotes();
    // Down again while mail is flowing, then back.
    await sleep(300);
    log("smtp: down again mid-flow");
    await smtpDown();
    accepted += await postQuotes();
    await sleep(2_000);
    await smtpUp();
    log("smtp: up; waiting for the outbox to drain");
    const mail = await deliveredOnce(db, () => runs.flatMap((run) => run.messages), DRAIN_TIMEOUT_MS);
    const failures = [...mail.failures];
    const exited = server.exitReason();
    if (exited) failures.unshift(`the server stopped during the test (${exited}), not by this suite`);
    if (accepted !== 3 * QUOTES_PER_PHASE) failures.push(`${3 * QUOTES_PER_PHASE - accepted} quote posts were not accepted`);
    const toSales = runs.flatMap((run) => run.messages).filter((m) => m.to.includes(SALES)).length;
    if (toSales !== accepted) failures.push(`${toSales} notices reached ${SALES} for ${accepted} quotes`);
    return [
      {
        category: "SMTP down, up, down, up: outbox mails",
        tried: mail.outbox,
        passed: mail.once,
        notes: `${accepted} quotes → ${mail.outbox} outbox mails; ${attemptsWhileDown} failed attempts while SMTP was down; ${mail.summary}`,
        failures,
      },
    ];
  } finally {
    await db.close();
    await server.stop();
    await smtpDown();
  }
}

/**
 * Waits for the outbox to drain, then for any late duplicate, and counts what the SMTP server got
 * by Message-ID: every outbox row sent, each Message-ID received exactly once.
 */
export async function deliveredOnce(db: Inspector, received: () => ReceivedMail[], timeoutMs: number) {
  const drained = await waitFor(async () => (await pendingMails(db)) === 0, timeoutMs);
  await sleep(1_500);
  const outbox = await db.rows<{ idempotency_key: string; status: string }>("select idempotency_key, status from mail_outbox");
  const messages = received();
  const byMessageId = new Map<string, number>();
  for (const mail of messages) byMessageId.set(mail.messageId, (byMessageId.get(mail.messageId) ?? 0) + 1);
  const once = [...byMessageId.values()].filter((n) => n === 1).length;
  const duplicates = [...byMessageId.entries()].filter(([, n]) => n > 1);
  const notSent = outbox.filter((m) => m.status !== "sent");
  const failures: string[] = [];
  if (!drained) failures.push(`the outbox did not drain within ${timeoutMs / 1000} s (${await pendingMails(db)} pending)`);
  if (duplicates.length)
    failures.push(`${duplicates.length} Message-ID(s) delivered more than once, e.g. ${duplicates[0]![0]} ×${duplicates[0]![1]}`);
  if (byMessageId.size !== outbox.length)
    failures.push(`${outbox.length} outbox mails but ${byMessageId.size} distinct Message-IDs received`);
  if (notSent.length)
    failures.push(`${notSent.length} outbox mail(s) not sent, e.g. ${notSent[0]!.idempotency_key} (${notSent[0]!.status})`);
  return {
    ok: failures.length === 0,
    outbox: outbox.length,
    once: Math.min(once, outbox.length),
    failures,
    summary: `${outbox.length} outbox mails, ${messages.length} received, ${byMessageId.size} distinct Message-IDs, ${duplicates.length} duplicated`,
  };
}

async function failedAttempts(db: Inspector): Promise<number> {
  const [row] = await db.rows<{ n: number }>("select count(*) as n from mail_outbox where last_error is not null");
  return Number(row?.n ?? 0);
}

async function pendingMails(db: Inspector): Promise<number> {
  const [row] = await db.rows<{ n: number }>("select count(*) as n from mail_outbox where status = 'pending'");
  return Number(row?.n ?? 0);
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await sleep(250);
  }
  return condition();
}
