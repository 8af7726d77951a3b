// `npm run db:copy`: a real SQLite file holding demo content and a client's data,
// copied through the command line into a real PostgreSQL schema (TEST_DATABASE_URL).
import { spawnSync } from "node:child_process";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { auth, resetAuthForTests } from "~/server/auth/auth.server";
import { insertApplication } from "~/server/models/pipeline/applications.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import { createComplaint, addReply } from "~/server/models/support/complaints.server";
import { closeDb, createDb, db, type Db } from "~/server/db/db.server";
import { seedDemoContent } from "~/server/db/demo-content.server";
import { newLeaseHolder, takeLease } from "~/server/db/leases.server";
import { resetEnvForTests } from "~/server/env.server";
import { saveProfile } from "~/server/models/accounts/profiles.server";
import { createProject, setProjectProgress } from "~/server/models/projects/projects.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { hitRateLimit } from "~/server/defence/rate-limit.server";
import { insertNote } from "~/server/models/shared/record-history.server";
import { getSessionUser } from "~/server/auth/session.server";
import { signInWithPassword } from "~/server/auth/sign-in.server";
// Aliased: the helper is not a React hook, whatever its name says to eslint-plugin-react-hooks.
import { inviteStaff } from "~/server/models/accounts/staff-invitations.server";
import { addStaff } from "~/server/models/accounts/staff.server";
import { testDatabases, useAppDatabase as openAppDatabase, type TestDatabase } from "../helpers/databases";
import { memberScope } from "../helpers/companies";
import { updateSettings } from "~/server/models/shared/settings.server";
import { signUp, type TestUser } from "../helpers/accounts";
import { buildRequest } from "../helpers/routes";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { recordPayment } from "~/server/models/billing/invoice-payments.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { createRecurringInvoice } from "~/server/models/billing/recurring-invoices.server";
import { draftInput, FINANCE } from "../billing/helpers";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const root = path.resolve(import.meta.dirname, "../..");
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn("[db-copy] TEST_DATABASE_URL is not set: the copies into PostgreSQL are skipped.");
const PASSWORD = "correct-horse-battery-staple";

function dbCopy(...args: string[]) {
  const result = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/db-copy.ts", ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, LOG_LEVEL: "warn" },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A SQLite file as a running app leaves it: demo content, a client with a session, their portal data, leads, audit. */
async function buildSource(): Promise<{ file: string; client: TestUser; cleanup: () => Promise<void> }> {
  const { cleanup } = await openAppDatabase(testDatabases("db-copy")[0]!);
  await seedDemoContent();
  const client = await signUp("copied.client@example.com", "Copied Client", { verified: false });
  const staff = { id: "staff-1", email: "ops@indigokite.dev", name: "Ops Person" };
  await saveProfile(
    { id: client.id, email: client.email, name: "" },
    { fullName: "Copied Client", phone: "+91 98200 12345", company: "Acme", country: "India" },
  );
  const scope = await memberScope(client);
  const project = await createProject(scope, { title: "Rider app", description: "Delivery riders' app." });
  await setProjectProgress(staff, { id: project.id, progress: 40, note: "Design done" });
  const complaint = await createComplaint(scope, { subject: "Login", message: "Cannot log in on Android." });
  await addReply({ complaintId: complaint.id, companyId: scope.companyId }, "Still happening.");
  const quote = await submitQuote({
    consent: CURRENT_CONSENT_VERSION,
    name: "Asha Rao",
    email: "asha@example.com",
    phone: "+91 98200 12345",
    country: "India",
    requirement: "A CRM.",
  });
  const opening = await db().selectFrom("jobOpenings").select("id").executeTakeFirstOrThrow();
  await db()
    .transaction()
    .execute(async (trx) => {
      const application = await insertApplication(trx, {
        consent: CURRENT_CONSENT_VERSION,
        name: "Ravi",
        email: "ravi@example.com",
        message: "Hi",
        jobId: opening.id,
        appliedBy: client.id,
        resume: null,
      });
      await insertNote(trx, staff, { entity: "application", entityId: application.id, text: "Strong candidate" });
      await recordAudit(trx, staff, { action: "lead.status", entity: "lead", entityId: quote.id, detail: { from: "new", to: "won" } });
    });
  await hitRateLimit("quote:ip:203.0.113.5", { limit: 60, windowMs: 3_600_000 });
  // The lease a backup (or a scheduled one, with its slot) leaves behind.
  await takeLease("backup", { holder: newLeaseHolder(), ttlMs: 60_000, slot: Date.UTC(2026, 10, 25, 3) });
  // A passkey as the plugin stores one (a boolean as 0/1, the date as ISO text on SQLite).
  await db()
    .insertInto("passkeys")
    .values({
      id: "passkey-1",
      name: "Laptop",
      publicKey: "cHVibGljLWtleQ",
      userId: client.id,
      credentialId: "Y3JlZGVudGlhbA",
      counter: 3,
      deviceType: "singleDevice",
      backedUp: 0,
      transports: "internal",
      createdAt: new Date().toISOString(),
      aaguid: null,
    })
    .execute();
  // A second factor as the twoFactor plugin stores one (encrypted secret and codes).
  await db()
    .insertInto("twoFactors")
    .values({
      id: "two-factor-1",
      secret: "c2VjcmV0",
      backupCodes: "Y29kZXM",
      userId: client.id,
      verified: 1,
      failedVerificationCount: 0,
      lockedUntil: null,
    })
    .execute();
  // A staff invitation waiting for its colleague to choose a password.
  await inviteStaff(staff, { email: "new.colleague@indigokite.dev", name: "New Colleague", staffRole: "recruiter" });
  // A client invitation (booleans as 0/1 on SQLite) and an operator switch.
  await db()
    .insertInto("clientInvitations")
    .values({
      id: "client-invitation-1",
      companyId: scope.companyId,
      email: "teammate@example.com",
      name: "Team Mate",
      clientAdmin: 0,
      tokenHash: "a".repeat(64),
      invitedBy: staff.id,
      createdAt: Date.now(),
      expiresAt: Date.now() + 86_400_000,
      acceptedAt: null,
      revokedAt: null,
    })
    .execute();
  await updateSettings(staff, { selfRegistration: true, clientProjects: false });
  // The workspace's rows (files as their rows only: db:copy moves no bytes).
  const now = Date.now();
  await db()
    .insertInto("milestones")
    .values({
      id: "milestone-1",
      projectId: project.id,
      title: "Design",
      description: "",
      dueDate: "2026-12-01",
      status: "waiting",
      position: 1,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    })
    .execute();
  await db()
    .insertInto("approvals")
    .values({
      id: "approval-1",
      projectId: project.id,
      subjectType: "milestone",
      subjectId: "milestone-1",
      requestedBy: null,
      requestedByName: staff.name,
      requestedAt: now,
      note: "",
      status: "approved",
      decidedBy: client.id,
      decidedByName: "Copied Client",
      decidedAt: now,
      comment: "",
    })
    .execute();
  await db()
    .insertInto("approvalMailLinks")
    .values({
      id: "aml-1",
      approvalId: "approval-1",
      userId: client.id,
      tokenHash: "3".repeat(64),
      createdAt: now,
      expiresAt: now + 1000,
      usedAt: now,
    })
    .execute();
  await db()
    .insertInto("projectFiles")
    .values({
      id: "file-1",
      projectId: project.id,
      name: "brief.pdf",
      nameKey: "brief.pdf",
      side: "client",
      createdBy: client.id,
      createdAt: now,
      updatedAt: now,
      currentVersion: 1,
    })
    .execute();
  const version = {
    size: 10,
    contentType: "application/pdf",
    kind: "pdf",
    sha256: "b".repeat(64),
    thumbnailKey: null,
    uploadedBy: client.id,
    uploadedByName: "Copied Client",
    side: "client",
    createdAt: now,
  };
  await db()
    .insertInto("fileVersions")
    .values({ id: "version-1", fileId: "file-1", projectId: project.id, version: 1, storageKey: "projects/p/brief-1.pdf", ...version })
    .execute();
  await db()
    .insertInto("attachments")
    .values({
      id: "attachment-1",
      complaintId: complaint.id,
      replyId: null,
      name: "screen.pdf",
      storageKey: "attachments/a/screen.pdf",
      ...version,
    })
    .execute();
  await db().insertInto("seenMarkers").values({ userId: client.id, subject: "portal", seenAt: now }).execute();
  // A notification and a support request's internal note.
  await db()
    .insertInto("notifications")
    .values({
      id: "notification-1",
      userId: client.id,
      type: "staff_reply",
      eventKey: "complaint-reply:r1",
      title: "A reply",
      body: "",
      link: "/user-dashboard/support",
      actorName: staff.name,
      createdAt: now,
      readAt: null,
    })
    .execute();
  await db().insertInto("notificationReadMarks").values({ userId: client.id, readBefore: now }).execute();
  // Assigned accounts (decision 0105): a limited delivery member, the company's manager and on its team.
  const teamMember = await addStaff(null, "dana.delivery@indigokite.dev", PASSWORD, "Dana Delivery", "delivery");
  await db().updateTable("users").set({ staffRole: "delivery", assignedOnly: 1 }).where("id", "=", teamMember.id).execute();
  await db().insertInto("companyTeam").values({ companyId: scope.companyId, userId: teamMember.id, manager: 1, addedAt: now }).execute();
  await db().updateTable("notifications").set({ companyId: scope.companyId }).where("id", "=", "notification-1").execute();
  await db()
    .insertInto("notificationPreferences")
    .values({ userId: client.id, type: "staff_reply", choice: "digest", updatedAt: now })
    .execute();
  await db().insertInto("digestSchedules").values({ userId: client.id, hour: 8, timeZone: "Europe/London", updatedAt: now }).execute();
  await db()
    .insertInto("complaintNotes")
    .values({ id: "note-1", complaintId: complaint.id, authorId: null, authorName: staff.name, text: "Call them back", createdAt: now })
    .execute();
  await db()
    .insertInto("savedReplies")
    .values({ id: "saved-1", title: "Thanks", body: "Hello {client_name}", createdBy: null, createdAt: now, updatedAt: now })
    .execute();
  await db()
    .insertInto("retentionRuns")
    .values({
      id: "retention-1",
      trigger: "schedule",
      actorId: null,
      startedAt: now,
      finishedAt: now,
      leads: 1,
      applications: 2,
      companies: 0,
      files: 2,
    })
    .execute();
  // Billing: an issued invoice with a payment (the counter row comes with the issue), a retainer.
  const invoice = await createInvoiceDraft(FINANCE, scope.companyId, draftInput());
  await issueInvoice(FINANCE, invoice.id, invoice.version);
  await recordPayment(FINANCE, invoice.id, { amount: 1_000, currency: "EUR", method: "cash", paidOn: "2026-11-20", reference: "" });
  await createRecurringInvoice(FINANCE, scope.companyId, {
    template: draftInput(),
    interval: "monthly",
    startOn: "2099-01-01",
    autoIssue: false,
  });
  await db()
    .insertInto("stripeEvents")
    .values({ id: "evt_copy", type: "checkout.session.completed", receivedAt: now, processedAt: now, outcome: "recorded" })
    .execute();
  // Inbound mail (decision 0096): a stored message and the Message-ID of a mail it may answer.
  await db()
    .insertInto("inboundMessages")
    .values({
      id: "inbound-1",
      receivedAt: now,
      rawKey: `inbound/${"a".repeat(64)}.eml`,
      sha256: "a".repeat(64),
      size: 120,
      messageId: "<copy@example.com>",
      dedupeKey: "<copy@example.com>",
      fromAddress: client.email,
      subject: "Re: Login",
      status: "routed",
      reason: null,
      nextAttemptAt: now,
      routedKind: "reply",
      routedId: "inbound-1",
      complaintId: complaint.id,
      authResults: JSON.stringify({ spf: "pass", dkim: "pass", dmarc: "pass" }),
      refusedFiles: null,
      processedAt: now,
      updatedAt: now,
    })
    .execute();
  // An API token (decision 0104): its hash only.
  await db()
    .insertInto("apiTokens")
    .values({
      id: "api-token-1",
      name: "CRM sync",
      tokenHash: "c".repeat(64),
      tokenStart: "ak_copy12",
      scopes: JSON.stringify(["leads:read"]),
      createdBy: null,
      createdByName: staff.name,
      createdAt: now,
      expiresAt: now + 1000,
      lastUsedAt: now,
      revokedAt: null,
    })
    .execute();
  await db()
    .insertInto("mailThreads")
    .values({ messageHash: "b".repeat(32), complaintId: complaint.id, userId: client.id, createdAt: now })
    .execute();
  await db()
    .insertInto("projectMailThreads")
    .values({ messageHash: "c".repeat(32), projectId: project.id, userId: client.id, createdAt: now })
    .execute();
  await db()
    .insertInto("calendarFeeds")
    .values({ id: "00000000-0000-4000-8000-00000000ca1e", userId: client.id, nonce: "n".repeat(32), createdAt: now, lastUsedAt: null })
    .execute();
  // A webhook endpoint, an event written for it and its delivery (decision 0103).
  await db()
    .insertInto("webhookEndpoints")
    .values({
      id: "webhook-1",
      kind: "webhook",
      chatAlert: null,
      url: "https://hooks.example.com/in",
      description: "CRM",
      events: JSON.stringify(["company.created"]),
      secret: `whsec_${"A".repeat(43)}=`,
      enabled: 1,
      disabledReason: null,
      failingSince: null,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db().insertInto("webhookEvents").values({ id: "msg_copy", type: "company.created", payload: "{}", createdAt: now }).execute();
  await db()
    .insertInto("webhookDeliveries")
    .values({
      id: "delivery-1",
      eventId: "msg_copy",
      endpointId: "webhook-1",
      status: "delivered",
      attempts: 1,
      nextAttemptAt: now,
      lockedUntil: 0,
      responseStatus: 200,
      responseBody: "ok",
      durationMs: 12,
      lastError: null,
      firstAttemptAt: now,
      createdAt: now,
      updatedAt: now,
      deliveredAt: now,
    })
    .execute();
  // The session Pay opened, and a dispute on the payment (decision 0090).
  await db()
    .insertInto("invoiceCheckouts")
    .values({
      id: "cs_copy",
      invoiceId: invoice.id,
      amount: 1_000,
      currency: "EUR",
      attempt: "2026-11-20.0",
      status: "expired",
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const payment = await db().selectFrom("invoicePayments").select("id").where("invoiceId", "=", invoice.id).executeTakeFirstOrThrow();
  await db()
    .insertInto("invoiceCardAdjustments")
    .values({
      id: "dp_copy",
      paymentId: payment.id,
      kind: "dispute",
      amount: 1_000,
      status: "won",
      reason: "fraudulent",
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db()
    .insertInto("images")
    .values({
      id: "image-1",
      kind: "logo",
      alt: "The agency",
      width: 640,
      height: 160,
      originalType: "image/svg+xml",
      originalSize: 2048,
      createdBy: null,
      createdAt: now,
    })
    .execute();
  // Proposals: one sent to the company, viewed through a link and signed; a template.
  const proposal = { id: "proposal-1" };
  await db()
    .insertInto("proposals")
    .values({
      id: proposal.id,
      leadId: null,
      companyId: scope.companyId,
      clientName: "Copy Co",
      clientEmail: client.email,
      ownerId: null,
      status: "accepted",
      draft: "{}",
      sentAt: now,
      firstViewedAt: now,
      acceptedAt: now,
      declinedAt: null,
      declineReason: null,
      projectId: null,
      invoiceId: null,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db()
    .insertInto("proposalVersions")
    .values({ id: "pv-1", proposalId: proposal.id, number: 1, content: "{}", contentSha256: "0".repeat(64), sentBy: null, sentAt: now })
    .execute();
  await db()
    .insertInto("proposalTemplates")
    .values({ id: "pt-1", name: "Standard", content: "{}", createdBy: null, createdAt: now, updatedAt: now })
    .execute();
  await db()
    .insertInto("proposalLinks")
    .values({
      id: "pl-1",
      proposalId: proposal.id,
      email: client.email,
      tokenHash: "1".repeat(64),
      createdAt: now,
      expiresAt: now + 1000,
      openedAt: now,
      revokedAt: null,
    })
    .execute();
  await db()
    .insertInto("proposalViews")
    .values({ proposalId: proposal.id, viewer: `link:${client.email}`, name: client.email, versionNumber: 1, viewedAt: now })
    .execute();
  await db()
    .insertInto("proposalSignatures")
    .values({
      id: "ps-1",
      proposalId: proposal.id,
      role: "client",
      versionNumber: 1,
      signerName: "Copy Client",
      signerEmail: client.email,
      userId: null,
      linkId: "pl-1",
      ip: "203.0.113.1",
      userAgent: "test",
      document: "{}",
      documentSha256: "2".repeat(64),
      optionalIds: "[]",
      total: 1000,
      currency: "EUR",
      drawnSignature: null,
      signedAt: now,
    })
    .execute();
  // The site content is seeded by its migration; a redirect is what an editor's slug change leaves.
  await db().insertInto("siteRedirects").values({ fromKey: "services/old-crm", itemId: "service-crm", createdAt: now }).execute();
  await (await auth()).api.requestPasswordReset({ body: { email: client.email, redirectTo: "/reset-password" } });
  const file = process.env.DATABASE_URL!.slice("file:".length);
  await closeDb();
  return { file, client, cleanup };
}

/** The app's tables in a SQLite file, with their rows, values as PostgreSQL gives them back. */
function sourceRows(file: string): Map<string, unknown[]> {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    // The search index (decision 0045) is derived: not copied, rebuilt by the target's triggers.
    const names = sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite%' and name not like 'kysely%' and name not like 'search\\_%' escape '\\'",
      )
      .pluck()
      .all() as string[];
    return new Map(names.map((name) => [name, normalise(sqlite.prepare(`select * from ${name}`).all())]));
  } finally {
    sqlite.close();
  }
}

async function targetRows(target: Db, tables: Iterable<string>): Promise<Map<string, unknown[]>> {
  const raw = target.withoutPlugins();
  const result = new Map<string, unknown[]>();
  for (const name of tables)
    result.set(name, normalise((await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(raw)).rows));
  return result;
}

/** Booleans as 0/1 and dates as ISO text, as SQLite keeps them; rows in a stable order. */
function normalise(rows: unknown[]): unknown[] {
  const plain = (rows as Record<string, unknown>[]).map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : typeof v === "boolean" ? Number(v) : v]),
    ),
  );
  return plain.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

test("db:copy without arguments, or from a file that does not exist, explains itself and exits 2", () => {
  const bare = dbCopy();
  expect(bare.status).toBe(2);
  expect(bare.stderr).toContain("Usage: npm run db:copy -- --from <sqlite file> --to <postgres://");
  const missing = dbCopy("--from", "/nonexistent/app.sqlite", "--to", "postgres://nobody@127.0.0.1:1/none");
  expect(missing.status).toBe(2);
  expect(missing.stderr).toContain("No SQLite database at /nonexistent/app.sqlite.");
});

test("A source that lacks a migration is refused before the target is touched", async () => {
  const { file, cleanup } = await buildSource();
  try {
    const sqlite = new SQLite(file);
    sqlite.prepare("delete from kysely_migration where name = '2026-11-21T1900-staff-console'").run();
    sqlite.close();
    const refused = dbCopy("--from", file, "--to", "postgres://nobody@127.0.0.1:1/none");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("lacks migrations 2026-11-21T1900-staff-console: run DATABASE_URL=file:");
  } finally {
    await cleanup();
  }
});

describe.skipIf(!pgUrl)("Copying into PostgreSQL", () => {
  let source: Awaited<ReturnType<typeof buildSource>>;
  let targetDatabase: TestDatabase;
  let targetUrl: string;
  let target: Db;
  let firstRun: ReturnType<typeof dbCopy>;
  beforeAll(async () => {
    source = await buildSource();
    targetDatabase = testDatabases("db-copy").find((d) => d.name === "postgres")!;
    targetUrl = await targetDatabase.setup();
    target = createDb(targetUrl);
    firstRun = dbCopy("--from", source.file, "--to", targetUrl);
  });
  afterAll(async () => {
    await closeDb();
    await target?.destroy();
    await targetDatabase?.teardown();
    await source?.cleanup();
  });

  test("Every table, accounts, sessions, outbox, audit and rate limits included, arrives row for row and the counts are printed", async () => {
    const before = sourceRows(source.file);
    expect(
      [...before.entries()].filter(([, rows]) => rows.length === 0).map(([name]) => name),
      "tables the source leaves empty",
    ).toEqual([]);
    expect(firstRun.stderr).toBe("");
    expect(firstRun.status).toBe(0);
    expect(firstRun.stdout).toMatch(/^table\s+source rows\s+copied rows\s+ok$/m);
    for (const [name, rows] of before)
      expect(firstRun.stdout).toMatch(new RegExp(`^${name}\\s+${rows.length}\\s+${rows.length}\\s+yes$`, "m"));
    expect(await targetRows(target, before.keys())).toEqual(before);
    // The target's triggers indexed the copied request with its reply.
    const documents = await sql<{ body: string }>`select body from search_documents where kind = 'complaint'`.execute(target);
    expect(documents.rows).toHaveLength(1);
    expect(documents.rows[0]!.body).toMatch(/^Cannot log in on Android\.\nStill happening\./);
  });

  test("Booleans and Better Auth's dates get PostgreSQL's own types", async () => {
    const user = await target.selectFrom("users").selectAll().where("email", "=", source.client.email).executeTakeFirstOrThrow();
    expect(user.emailVerified).toBe(false);
    expect(user.createdAt).toBeInstanceOf(Date);
    const session = await target
      .selectFrom("sessions")
      .select("expiresAt")
      .where("userId", "=", source.client.id)
      .executeTakeFirstOrThrow();
    expect((session.expiresAt as Date).getTime()).toBeGreaterThan(Date.now());
  });

  test("A second copy into the filled database is refused with exit 2 and changes nothing", async () => {
    const countBefore = await target
      .selectFrom("quotes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const again = dbCopy("--from", source.file, "--to", targetUrl);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain("The target database is not empty: ");
    expect(again.stderr).toContain("quotes (1 row)");
    const countAfter = await target
      .selectFrom("quotes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(countAfter.n)).toBe(Number(countBefore.n));
  });

  test("The app on PostgreSQL accepts the copied session cookie, and the client signs in with their password", async () => {
    await closeDb();
    process.env.DATABASE_URL = targetUrl;
    resetEnvForTests();
    resetAuthForTests();
    const request = buildRequest("http://localhost:3000/user-dashboard", { cookie: source.client.cookie });
    expect(await getSessionUser(request)).toMatchObject({ id: source.client.id, email: source.client.email, role: "client" });
    const signIn = new Request("http://localhost:3000/login", { method: "POST" });
    const outcome = await signInWithPassword(
      signIn,
      { email: source.client.email, password: PASSWORD },
      { as: "client", clientIp: "203.0.113.8" },
    );
    expect(outcome.ok).toBe(true);
  });
});

describe.skipIf(!pgUrl)("A table a later migration adds", () => {
  test("is found in the target's schema and copied, booleans and dates converted, and its identity sequence continues after the copied ids", async () => {
    const { file, cleanup } = await buildSource();
    const targetDatabase = testDatabases("db-copy").find((d) => d.name === "postgres")!;
    const url = await targetDatabase.setup();
    const target = createDb(url);
    try {
      const sqlite = new SQLite(file);
      sqlite.exec("create table later_notes (id integer primary key, pinned boolean not null, noted_at timestamptz not null, body text)");
      const insert = sqlite.prepare("insert into later_notes (id, pinned, noted_at, body) values (?, ?, ?, ?)");
      insert.run(1, 1, "2026-11-21T10:00:00.000Z", "first");
      insert.run(7, 0, "2026-11-21T11:00:00.000Z", null);
      sqlite.close();
      await sql`create table later_notes (id integer generated by default as identity primary key, pinned boolean not null, noted_at timestamptz not null, body text)`.execute(
        target,
      );

      const run = dbCopy("--from", file, "--to", url);
      expect(run.stderr).toBe("");
      expect(run.stdout).toMatch(/^later_notes\s+2\s+2\s+yes$/m);
      const raw = target.withoutPlugins();
      const rows = await sql<{
        id: number;
        pinned: boolean;
        noted_at: Date;
      }>`select id, pinned, noted_at from later_notes order by id`.execute(raw);
      expect(rows.rows).toEqual([
        { id: 1, pinned: true, noted_at: new Date("2026-11-21T10:00:00.000Z") },
        { id: 7, pinned: false, noted_at: new Date("2026-11-21T11:00:00.000Z") },
      ]);
      const next = await sql<{ id: number }>`insert into later_notes (pinned, noted_at) values (true, now()) returning id`.execute(raw);
      expect(next.rows[0]!.id).toBe(8);
    } finally {
      await target.destroy();
      await targetDatabase.teardown();
      await cleanup();
    }
  });
});
