import { randomUUID } from "node:crypto";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Actor } from "~/server/auth/actor.server";
import { currentDialect, db } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { addReply, createComplaint } from "~/server/models/support/complaints.server";
import { inviteClient } from "~/server/models/companies/client-invitations.server";
import {
  deleteStoredAfterCommit,
  erase,
  eraseInTransaction,
  type ErasureKind,
  type ErasureMode,
} from "~/server/models/privacy/erasure.server";
import { noteStoredBeforeCommit, pendingStoredDeletes } from "~/server/models/privacy/erasure-files.server";
import { isResumeReferenced } from "~/server/models/pipeline/applications.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recoverResumeIntents } from "~/server/uploads/resume-intents.server";
import { insertProject } from "~/server/models/projects/projects.server";
import { addLeadNote, setLeadStatus } from "~/server/models/pipeline/quotes-staff.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { addRecordNote } from "~/server/models/shared/record-history.server";
import { fileStore } from "~/server/storage/storage.server";
import { proposalTotals } from "~/lib/proposals";
import { acceptProposal } from "~/server/models/proposals/proposal-accept.server";
import { signInStaff, signUp } from "../helpers/accounts";
import { proposalContent, sentProposal } from "../helpers/proposals";
import { mailFixture } from "../helpers/inbound-mail";
import { storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { processInbound } from "~/server/models/inbound/inbound-routing.server";
import { useAppDatabase } from "../helpers/databases";
import { testSetups } from "../helpers/storages";

// Decision 0048: erasure leaves no trace of the person in any table or file.

let seq = 0;
/** Letters only, so each person's words are their own whole tokens in the search index too. */
function tag(): string {
  seq += 1;
  return String.fromCharCode(97 + Math.floor(seq / 26), 97 + (seq % 26));
}

/** Every row of every table (listed by the database itself) with a column containing `needle`. */
async function tracesOf(needle: string): Promise<string[]> {
  const found: string[] = [];
  const lower = needle.toLowerCase();
  if (currentDialect() === "sqlite") {
    const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db());
    for (const { name } of tables) {
      const { rows: columns } = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db());
      for (const column of columns) {
        // Blobs byte for byte (a cast to text would stop at the first NUL): an FTS5 index's own tables.
        const value = sql.ref(column.name);
        const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}
          where lower(cast(${value} as text)) like ${`%${lower}%`} or (typeof(${value}) = 'blob' and instr(${value}, cast(${lower} as blob)) > 0)`.execute(
          db(),
        );
        if (Number(rows[0]!.n) > 0) found.push(`${name}.${column.name}`);
      }
    }
    return found;
  }
  const { rows: columns } = await sql<{
    tableName: string;
    columnName: string;
  }>`select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db());
  for (const { tableName, columnName } of columns) {
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.table(tableName)} where lower(cast(${sql.ref(columnName)} as text)) like ${`%${lower}%`}`.execute(
      db(),
    );
    if (Number(rows[0]!.n) > 0) found.push(`${tableName}.${columnName}`);
  }
  return found;
}

async function storeBytes(key: string): Promise<string> {
  const temp = path.join(fileStore().tempDir(), `upload-${randomUUID()}.tmp`);
  writeFileSync(temp, `%PDF-1.7\n${key}\n%%EOF\n`);
  await fileStore().putFromFile(key, temp, "application/pdf");
  return key;
}

const count = async (table: "quotes" | "jobApplications" | "projects" | "complaints" | "users" | "companies" | "milestones") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(testSetups("erasure"))("Erasure on $name", ({ database, storage }) => {
  let cleanup: () => Promise<void>;
  let admin: Actor;
  let openingId = "";

  const exists = async (key: string) => (await storage.files()).includes(key);
  const intents = () => readdirSync(fileStore().tempDir()).filter((name) => name.endsWith(".intent"));

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { ...(await storage.setup()), APP_URL: "https://agency.test" }));
    const staff = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    admin = { id: staff.id, email: staff.email, name: "Priya Sharma" };
    openingId = randomUUID();
    const now = Date.now();
    await db()
      .insertInto("jobOpenings")
      .values({
        id: openingId,
        title: "Android Developer",
        location: "Pune",
        type: "Full-time",
        description: "d",
        salary: "",
        requirements: "[]",
        status: "open",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }, 120_000);
  afterAll(async () => {
    await cleanup();
    await storage.teardown();
  });

  /** A lead with its mails, staff notifications, a note and a status change. */
  async function seedLead() {
    const t = tag();
    const person = { name: `Zelda Quimby${t}`, email: `zelda.${t}@example.com` };
    const lead = await submitQuote({
      name: person.name,
      email: person.email,
      phone: "98200 12345",
      country: "India",
      requirement: `Hi, ${person.name} here: a delivery app.`,
      consent: CURRENT_CONSENT_VERSION,
    });
    await addLeadNote(admin, lead.id, `Call ${person.name} back on Monday`);
    await setLeadStatus(admin, lead.id, "contacted");
    // A proposal written for them and mailed with a link; a mail of theirs held as a stranger's.
    await sentProposal({ leadId: lead.id }, person.email, { clientName: person.name });
    await processInbound((await storeInbound(mailFixture("new-request.eml", { from: person.email }))).id);
    return { ...person, id: lead.id, needles: [person.email, `quimby${t}`] };
  }

  /** A guest application with a stored resume, a note, and the applicant's confirmation mail. */
  async function seedApplication() {
    const t = tag();
    const person = { name: `Yorick Plumtree${t}`, email: `yorick.${t}@example.com` };
    const id = randomUUID();
    const resume = await storeBytes(`resumes/guest_${Date.now()}_${t}_cv.pdf`);
    await db()
      .insertInto("jobApplications")
      .values({
        id,
        name: person.name,
        email: person.email,
        message: `Regards, ${person.name}`,
        resume,
        resumeName: `${person.name} CV.pdf`,
        resumeType: "pdf",
        resumeSize: 20,
        jobId: openingId,
        submittedAt: Date.now(),
        appliedBy: null,
      })
      .execute();
    await enqueueMail(db(), {
      to: person.email,
      subject: "We received your application",
      text: `Dear ${person.name}, thank you.`,
      idempotencyKey: `application:${id}:confirmation`,
    });
    await addRecordNote(admin, "application", id, `${person.name} looks strong`);
    return { ...person, id, resume, needles: [person.email, `plumtree${t}`] };
  }

  /** A company with two members, a project with a file, a request with a reply and an attachment, an invitation. */
  async function seedCompany() {
    const t = tag();
    const person = { name: `Xanthe Ollerenshaw${t}`, email: `xanthe.${t}@example.com` };
    const user = await signUp(person.email, person.name);
    const mate = await signUp(`bob.${t}@example.com`, `Bob Otterburn${t}`);
    const companyName = `Kestrel${t} Foods`;
    const companyId = (await insertCompany(db(), { name: companyName, origin: "staff" })).id;
    await db().updateTable("users").set({ companyId }).where("id", "in", [user.id, mate.id]).execute();
    await db()
      .insertInto("profiles")
      .values({
        userId: user.id,
        fullName: person.name,
        phone: "+91 98200 00000",
        company: companyName,
        country: "India",
        email: person.email,
        updatedAt: Date.now(),
      })
      .execute();
    const project = await insertProject(db(), {
      companyId,
      createdBy: user.id,
      title: `${companyName} rider app`,
      description: `Asked for by ${person.name}`,
      ownerId: admin.id,
    });
    const fileId = randomUUID();
    const versionId = randomUUID();
    const fileKey = await storeBytes(`projects/${project.id}/${versionId}`);
    const now = Date.now();
    await db()
      .insertInto("projectFiles")
      .values({
        id: fileId,
        projectId: project.id,
        name: "Brief.pdf",
        nameKey: "brief.pdf",
        side: "client",
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db()
      .insertInto("fileVersions")
      .values({
        id: versionId,
        fileId,
        projectId: project.id,
        version: 1,
        storageKey: fileKey,
        size: 20,
        contentType: "application/pdf",
        kind: "pdf",
        sha256: "0".repeat(64),
        thumbnailKey: null,
        uploadedBy: user.id,
        uploadedByName: person.name,
        side: "client",
        createdAt: now,
      })
      .execute();
    await db()
      .insertInto("projectActivity")
      .values({
        id: randomUUID(),
        projectId: project.id,
        at: now,
        actorId: user.id,
        actorName: person.name,
        actorSide: "client",
        kind: "file",
        subjectType: "file",
        subjectId: fileId,
        summary: `${person.name} uploaded Brief.pdf`,
      })
      .execute();
    const member = { id: user.id, email: person.email, name: person.name };
    const complaint = await createComplaint(
      { companyId, createdBy: user.id },
      { subject: `Login broken for ${person.name}`, message: `Regards, ${person.name}` },
    );
    await addReply({ complaintId: complaint.id, companyId, member }, `Thanks, ${person.name}`);
    await sentProposal({ companyId }, person.email, { clientName: companyName });
    // A request they opened by e-mail: its row names them, its raw message is stored.
    const mailed = await storeInbound(mailFixture("new-request.eml", { from: person.email }));
    await processInbound(mailed.id);
    const { rawKey } = await db().selectFrom("inboundMessages").select("rawKey").where("id", "=", mailed.id).executeTakeFirstOrThrow();
    const attachmentKey = await storeBytes(`attachments/${complaint.id}/${randomUUID()}`);
    await db()
      .insertInto("attachments")
      .values({
        id: randomUUID(),
        complaintId: complaint.id,
        replyId: null,
        name: "screen.pdf",
        storageKey: attachmentKey,
        size: 20,
        contentType: "application/pdf",
        kind: "pdf",
        sha256: "0".repeat(64),
        thumbnailKey: null,
        uploadedBy: user.id,
        uploadedByName: person.name,
        side: "client",
        createdAt: now,
      })
      .execute();
    await recordAudit(db(), member, { action: "complaint.reopen", entity: "complaint", entityId: complaint.id });
    await recordAudit(db(), admin, {
      action: "company.member-admin",
      entity: "company",
      entityId: companyId,
      detail: { userId: user.id, email: person.email, name: person.name },
    });
    await db()
      .insertInto("notifications")
      .values({
        id: randomUUID(),
        userId: mate.id,
        type: "complaint_reply",
        eventKey: `x:${t}`,
        title: `${person.name} replied`,
        body: "",
        link: "/user-dashboard/complaints",
        actorName: person.name,
        createdAt: now,
        readAt: null,
      })
      .execute();
    await inviteClient(admin, { companyId, name: `Carol Wren${t}`, email: `carol.${t}@example.com`, clientAdmin: false });
    // Her own job application, with a resume.
    const resume = await storeBytes(`resumes/${user.id}_${now}_cv.pdf`);
    await db()
      .insertInto("jobApplications")
      .values({
        id: randomUUID(),
        name: person.name,
        email: person.email,
        message: "",
        resume,
        resumeName: "cv.pdf",
        resumeType: "pdf",
        resumeSize: 20,
        jobId: openingId,
        submittedAt: now,
        appliedBy: user.id,
      })
      .execute();
    return {
      ...person,
      userId: user.id,
      mate: { id: mate.id, email: mate.email, needle: `otterburn${t}` },
      companyId,
      companyNeedle: `kestrel${t}`,
      inviteeNeedles: [`carol.${t}@example.com`, `wren${t}`],
      keys: [fileKey, attachmentKey, resume, rawKey],
      needles: [person.email, `ollerenshaw${t}`],
    };
  }

  const noTrace = async (needles: string[]) => {
    for (const needle of needles) expect({ needle, found: await tracesOf(needle) }).toEqual({ needle, found: [] });
  };

  describe.each(["delete", "anonymise"] as ErasureMode[])("%s", (mode) => {
    test("Erasing a lead leaves no trace of the person in any table", async () => {
      const lead = await seedLead();
      expect((await tracesOf(lead.needles[1]!)).length).toBeGreaterThan(0);
      const before = await count("quotes");
      await expect(erase(admin, { kind: "lead", id: lead.id }, mode)).resolves.toBeUndefined();
      await noTrace(lead.needles);
      expect(await count("quotes")).toBe(mode === "delete" ? before - 1 : before);
      const audit = await db()
        .selectFrom("auditLog")
        .selectAll()
        .where("action", "=", `erasure.${mode}`)
        .where("entityId", "=", lead.id)
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ actorId: admin.id, actorEmail: admin.email, entity: "lead", detail: "{}" });
    });

    test("Erasing an application removes its resume from the store and the person from every table", async () => {
      const application = await seedApplication();
      expect(await exists(application.resume)).toBe(true);
      const perOpening = async () =>
        (await db().selectFrom("jobApplications").select("id").where("jobId", "=", openingId).execute()).length;
      const before = await perOpening();
      await expect(erase(admin, { kind: "application", id: application.id }, mode)).resolves.toBeUndefined();
      await noTrace(application.needles);
      expect(await exists(application.resume)).toBe(false);
      expect(await perOpening()).toBe(mode === "delete" ? before - 1 : before);
    });

    test("Erasing a client user removes them everywhere while the company, its teammate and its counts stay", async () => {
      const seeded = await seedCompany();
      const before = { projects: await count("projects"), complaints: await count("complaints"), users: await count("users") };
      await expect(erase(admin, { kind: "client_user", id: seeded.userId }, mode)).resolves.toBeUndefined();
      await noTrace(seeded.needles);
      expect(await exists(seeded.keys[2]!)).toBe(false); // their resume
      expect(await exists(seeded.keys[3]!)).toBe(false); // the mail they sent
      expect(await exists(seeded.keys[0]!)).toBe(true); // the company's file stays
      expect(await count("projects")).toBe(before.projects);
      expect(await count("complaints")).toBe(before.complaints);
      expect(await count("users")).toBe(mode === "delete" ? before.users - 1 : before.users);
      expect(await tracesOf(seeded.mate.needle)).not.toEqual([]);
      const sessions = await db().selectFrom("sessions").select("id").where("userId", "=", seeded.userId).execute();
      expect(sessions).toEqual([]);
    });

    test("Erasing a company removes its members, invitees, name and every stored file", async () => {
      const seeded = await seedCompany();
      const before = { projects: await count("projects"), complaints: await count("complaints"), companies: await count("companies") };
      await expect(erase(admin, { kind: "company", id: seeded.companyId }, mode)).resolves.toBeUndefined();
      await noTrace([...seeded.needles, seeded.mate.email, seeded.mate.needle, seeded.companyNeedle, ...seeded.inviteeNeedles]);
      for (const key of seeded.keys) expect(await exists(key)).toBe(false);
      if (mode === "anonymise") {
        expect({ projects: await count("projects"), complaints: await count("complaints"), companies: await count("companies") }).toEqual(
          before,
        );
      } else {
        expect(await count("companies")).toBe(before.companies - 1);
        expect(await count("projects")).toBe(before.projects - 1);
      }
    });

    test("Running an erasure twice is harmless", async () => {
      const application = await seedApplication();
      await erase(admin, { kind: "application", id: application.id }, mode);
      // Someone else's mail that happens to say the placeholder word: the second run leaves it.
      const bystander = `bystander.${randomUUID()}@example.com`;
      await enqueueMail(db(), {
        to: bystander,
        subject: "Erased files",
        text: "Erased, as asked.",
        idempotencyKey: `bystander:${bystander}`,
      });
      // An anonymised application is still there to scrub again; a deleted one is not found.
      const second = erase(admin, { kind: "application", id: application.id }, mode);
      if (mode === "anonymise") await expect(second).resolves.toBeUndefined();
      else await expect(second).rejects.toMatchObject({ name: "Refusal", kind: "not-found" });
      await noTrace(application.needles);
      expect(pendingStoredDeletes()).toBe(0);
      expect(await db().selectFrom("mailOutbox").select("toAddress").where("toAddress", "=", bystander).execute()).toHaveLength(1);
    });
  });

  test("Erasing a signed-in applicant's application removes its mails but keeps their account and its other mail", async () => {
    const t = tag();
    const user = await signUp(`wanda.${t}@example.com`, `Wanda Fenwick${t}`);
    const id = randomUUID();
    await db()
      .insertInto("jobApplications")
      .values({
        id,
        name: `Wanda Fenwick${t}`,
        email: user.email,
        message: "Hello",
        resume: "",
        resumeName: "",
        resumeType: "",
        resumeSize: 0,
        jobId: openingId,
        submittedAt: Date.now(),
        appliedBy: user.id,
      })
      .execute();
    await enqueueMail(db(), {
      to: user.email,
      subject: "We received your application",
      text: "Thank you.",
      idempotencyKey: `application:${id}:confirmation`,
    });
    await enqueueMail(db(), { to: user.email, subject: "Your project moved", text: "News.", idempotencyKey: `other:${id.slice(0, 8)}` });
    await expect(erase(admin, { kind: "application", id }, "delete")).resolves.toBeUndefined();
    const left = await db().selectFrom("mailOutbox").select("idempotencyKey").where("toAddress", "=", user.email).execute();
    expect(left).toEqual([{ idempotencyKey: `other:${id.slice(0, 8)}` }]);
    expect(await db().selectFrom("users").select("id").where("id", "=", user.id).execute()).toHaveLength(1);
  });

  test("Erasing a company removes its signed proposals and their PDFs; erasing the lead it came from leaves the company's proposal", async () => {
    const seeded = await seedCompany();
    const lead = await seedLead();
    const proposalId = await sentProposal({ leadId: lead.id }, seeded.email, { content: proposalContent({ depositBp: 0 }) });
    await db().updateTable("proposals").set({ companyId: seeded.companyId }).where("id", "=", proposalId).execute();
    await acceptProposal({ kind: "member", userId: seeded.userId, name: seeded.name, companyId: seeded.companyId }, proposalId, {
      version: 1,
      optionalIds: [],
      total: proposalTotals(proposalContent(), []).total,
      fullName: seeded.name,
      consent: true,
      ip: "203.0.113.5",
      userAgent: "Erasure test",
    });
    const { signedPdfKey } = await db()
      .selectFrom("proposals")
      .select("signedPdfKey")
      .where("id", "=", proposalId)
      .executeTakeFirstOrThrow();
    expect(await exists(signedPdfKey!)).toBe(true);
    // The lead goes; its accepted proposal is the company's and stays.
    await erase(admin, { kind: "lead", id: lead.id }, "delete");
    expect(await db().selectFrom("proposals").select(["leadId", "status"]).where("id", "=", proposalId).executeTakeFirst()).toEqual({
      leadId: null,
      status: "accepted",
    });
    await erase(admin, { kind: "company", id: seeded.companyId }, "anonymise");
    expect(await db().selectFrom("proposals").select("id").where("id", "=", proposalId).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom("proposalSignatures").select("id").where("proposalId", "=", proposalId).execute()).toEqual([]);
    expect(await exists(signedPdfKey!)).toBe(false);
  });

  test("A crash between the commit and the file delete is finished by the next start", async () => {
    const application = await seedApplication();
    await noteStoredBeforeCommit([application.resume]);
    const { storageKeys } = await writeTransaction((trx) =>
      eraseInTransaction(trx, { kind: "application", id: application.id }, "anonymise"),
    );
    expect(storageKeys).toEqual([application.resume]);
    // The process dies here: the intent stays, the bytes too.
    expect(intents()).toHaveLength(1);
    expect(await exists(application.resume)).toBe(true);
    await recoverResumeIntents(isResumeReferenced, fileStore());
    expect(await exists(application.resume)).toBe(false);
    expect(intents()).toEqual([]);
  });

  test("A successful erasure leaves no intent behind", async () => {
    const application = await seedApplication();
    await erase(admin, { kind: "application", id: application.id }, "delete");
    expect(intents()).toEqual([]);
  });

  test("An unknown record is not found, and nothing is audited", async () => {
    for (const kind of ["lead", "application", "client_user", "company"] as ErasureKind[]) {
      await expect(erase(admin, { kind, id: randomUUID() }, "delete")).rejects.toMatchObject({ name: "Refusal", kind: "not-found" });
    }
    expect(await db().selectFrom("auditLog").select("id").where("entityId", "=", "nobody").execute()).toEqual([]);
  });

  test("A staff account cannot be erased as a client user", async () => {
    await expect(erase(admin, { kind: "client_user", id: admin.id }, "delete")).rejects.toMatchObject({
      name: "Refusal",
      kind: "not-found",
    });
    expect(await db().selectFrom("users").select("id").where("id", "=", admin.id).execute()).toHaveLength(1);
  });

  test.runIf(storage.name === "local disk")("A resume the store cannot delete is retried by the next call", async () => {
    const application = await seedApplication();
    const full = path.join(getEnv().STORAGE_DIR, ...application.resume.split("/"));
    // A directory where the file was: the store's unlink fails, as a disk or bucket error would.
    rmSync(full);
    mkdirSync(path.join(full, "stuck"), { recursive: true });
    await expect(erase(admin, { kind: "application", id: application.id }, "delete")).resolves.toBeUndefined();
    expect(pendingStoredDeletes()).toBe(1);
    rmSync(full, { recursive: true });
    writeFileSync(full, "bytes back where the key points");
    await deleteStoredAfterCommit([]);
    expect(pendingStoredDeletes()).toBe(0);
    expect(await exists(application.resume)).toBe(false);
    expect(intents()).toEqual([]);
  });
});
