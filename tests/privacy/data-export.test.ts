import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import yauzl from "yauzl";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { loader as memberExport } from "~/routes/console/client-member-export";
import { loader as ownExport } from "~/routes/portal/settings-export";
import { db } from "~/server/db/db.server";
import { recordFolder, safeSegment } from "~/server/models/privacy/data-export-entry-names.server";
import { createComplaint } from "~/server/models/support/complaints.server";
import { insertProject } from "~/server/models/projects/projects.server";
import { invoicePdf, issueAndFile } from "~/server/models/billing/invoice-delivery.server";
import { recordPayment } from "~/server/models/billing/invoice-payments.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { fileStore } from "~/server/storage/storage.server";
import { proposalTotals } from "~/lib/proposals";
import { acceptProposal } from "~/server/models/proposals/proposal-accept.server";
import { signedProposalPdf } from "~/server/models/proposals/proposal-signed.server";
import { createProposal } from "~/server/models/proposals/proposals.server";
import { pdf } from "../fixtures/make-files";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, useAppDatabase } from "../helpers/databases";
import { uploadFiles } from "../helpers/project-uploads";
import { call, type Outcome } from "../helpers/routes";
import { testSetups } from "../helpers/storages";
import { draftInput, FINANCE } from "../billing/helpers";
import { proposalContent, SALES, sentProposal } from "../helpers/proposals";
import { insertApproval, insertMilestone } from "../helpers/workspace-rows";

// Decision 0050: "Download my data" and its console twin, unzipped and read.

/** Every entry of a ZIP, by name (yauzl refuses absolute and "../" names itself). */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("error", reject);
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const json = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString("utf8")) as unknown;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Stores `bytes` as the app does (a temp file moved into the store) and returns the key. */
async function storeBytes(bytes: Buffer): Promise<string> {
  const key = `projects/export-test/${randomUUID()}`;
  const temp = path.join(fileStore().tempDir(), `export-${randomUUID()}`);
  writeFileSync(temp, bytes);
  await fileStore().putFromFile(key, temp, "application/octet-stream");
  return key;
}

/** A file version written straight into the tables, its bytes in the store. */
async function storedVersion(projectId: string, name: string, bytes: Buffer) {
  const fileId = randomUUID();
  const now = Date.now();
  await db()
    .insertInto("projectFiles")
    .values({ id: fileId, projectId, name, nameKey: name.toLowerCase(), side: "staff", createdBy: null, createdAt: now, updatedAt: now })
    .execute();
  const key = await storeBytes(bytes);
  await db()
    .insertInto("fileVersions")
    .values({
      id: randomUUID(),
      fileId,
      projectId,
      version: 1,
      storageKey: key,
      size: bytes.length,
      contentType: "application/octet-stream",
      kind: "pdf",
      sha256: sha256(bytes),
      thumbnailKey: null,
      uploadedBy: null,
      uploadedByName: "Priya Sharma",
      side: "staff",
      createdAt: now,
    })
    .execute();
  return key;
}

describe.each(testSetups("data export"))("Download my data on $name", ({ database, storage }) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let delivery: TestUser;
  let clientA: TestUser;
  let clientA2: TestUser;
  let clientB: TestUser;
  let companyA = "";
  let companyB = "";
  let projectA = "";
  /** Stored files this process holds open (local disk, Linux). */
  let openStored: () => string[] = () => [];
  const briefV1 = pdf();
  const briefV2 = Buffer.concat([pdf(), Buffer.from("\n% second version\n")]);

  const own = (who?: TestUser) => call(ownExport, "/settings/export", { cookie: who?.cookie });
  const forMember = (who: TestUser | undefined, companyId: string, userId: string) =>
    call(memberExport, `/employee-dashboard/clients/${companyId}/members/${userId}/export`, {
      cookie: who?.cookie,
      params: { id: companyId, userId },
    });
  const bytesOf = async (outcome: Outcome) => Buffer.from(await outcome.response!.arrayBuffer());
  const exports = () =>
    db().selectFrom("auditLog").select(["actorId", "actorEmail", "entityId", "detail"]).where("action", "=", "data.export").execute();

  beforeAll(async () => {
    let storageDir = "";
    ({ cleanup, storageDir } = await useAppDatabase(database, await storage.setup()));
    openStored = () =>
      readdirSync("/proc/self/fd").flatMap((fd) => {
        try {
          const target = readlinkSync(`/proc/self/fd/${fd}`);
          return target.startsWith(path.join(storageDir, "projects")) ? [target] : [];
        } catch {
          return [];
        }
      });
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    delivery = await signInStaff("dev@indigokite.dev", { name: "Dev Rao", staffRole: "delivery" });
    clientA = await signUp("asha@kite.example", "Asha");
    clientA2 = await signUp("arjun@kite.example", "Arjun");
    clientB = await signUp("bo@other.example", "Bo");
    companyA = await companyOf(clientA);
    companyB = await companyOf(clientB);
    await db().updateTable("users").set({ companyId: companyA }).where("id", "=", clientA2.id).execute();

    // Company A: a project with a milestone, a decided approval and two versions of a brief; an
    // archived project (gone from the portal, so from the export); a request with a staff reply,
    // an attachment and an internal note; a notification each for Asha and Arjun.
    projectA = (
      await insertProject(db(), {
        companyId: companyA,
        createdBy: clientA.id,
        title: "Kite app",
        description: "The rider app.",
        ownerId: admin.id,
      })
    ).id;
    const milestone = await insertMilestone(projectA, { title: "Design review", status: "done" });
    await insertApproval(projectA, {
      subjectType: "milestone",
      subjectId: milestone,
      status: "changes_requested",
      decidedAt: Date.now(),
      decidedByName: "Asha",
      comment: "Bigger buttons please",
    });
    expect((await uploadFiles(clientA, projectA, [[briefV1, "Brief.pdf"]])).status).toBe(200);
    expect((await uploadFiles(clientA, projectA, [[briefV2, "Brief.pdf"]])).status).toBe(200);
    await storedVersion(projectA, "../../etc/pass\u0007wd", Buffer.from("not a password file"));
    const archived = (
      await insertProject(db(), { companyId: companyA, createdBy: null, title: "ARCHIVED-PROJECT", description: "", ownerId: null })
    ).id;
    await storedVersion(archived, "ARCHIVED-FILE.pdf", pdf());
    await db().updateTable("projects").set({ archivedAt: Date.now() }).where("id", "=", archived).execute();

    const request = await createComplaint(
      { companyId: companyA, createdBy: clientA.id },
      { subject: "Login trouble", message: "I cannot sign in." },
    );
    await db()
      .insertInto("complaintReplies")
      .values({
        id: randomUUID(),
        complaintId: request.id,
        sender: "staff",
        senderName: "Priya Sharma",
        text: "Fixed, try again.",
        timestamp: Date.now(),
      })
      .execute();
    const attachmentBytes = Buffer.from("screenshot bytes");
    await db()
      .insertInto("attachments")
      .values({
        id: randomUUID(),
        complaintId: request.id,
        replyId: null,
        name: "screen.png",
        storageKey: await storeBytes(attachmentBytes),
        size: attachmentBytes.length,
        contentType: "image/png",
        kind: "png",
        sha256: sha256(attachmentBytes),
        thumbnailKey: null,
        uploadedBy: clientA.id,
        uploadedByName: "Asha",
        side: "client",
        createdAt: Date.now(),
      })
      .execute();
    await db()
      .insertInto("complaintNotes")
      .values({
        id: randomUUID(),
        complaintId: request.id,
        authorId: admin.id,
        authorName: "Priya Sharma",
        text: "INTERNAL-NOTE: difficult client",
        createdAt: Date.now(),
      })
      .execute();
    const notification = (userId: string, title: string) => ({
      id: randomUUID(),
      userId,
      type: "progress_change",
      eventKey: randomUUID(),
      title,
      body: "",
      link: "/user-dashboard/projects",
      actorName: null,
      createdAt: Date.now(),
      readAt: null,
    });
    await db()
      .insertInto("notifications")
      .values([notification(clientA.id, "Progress is now 40%"), notification(clientA2.id, "ARJUN-ONLY notification")])
      .execute();

    // Company B: its own project, file and request, none of which company A may ever see.
    const projectB = (
      await insertProject(db(), {
        companyId: companyB,
        createdBy: clientB.id,
        title: "OTHER-COMPANY project",
        description: "",
        ownerId: null,
      })
    ).id;
    await storedVersion(projectB, "OTHER-COMPANY-FILE.pdf", pdf());
    await createComplaint({ companyId: companyB, createdBy: clientB.id }, { subject: "OTHER-COMPANY request", message: "Private." });
  });
  afterAll(async () => {
    await cleanup();
    await storage.teardown();
  });
  beforeEach(async () => {
    await clearTables("auditLog");
  });

  test("A member downloads a ZIP of their profile, their company's projects, milestones, approvals, requests and files, with a README", async () => {
    const outcome = await own(clientA);
    expect(outcome.status).toBe(200);
    const headers = outcome.response!.headers;
    expect(headers.get("content-type")).toBe("application/zip");
    expect(headers.get("content-disposition")).toMatch(/^attachment; filename="asha@kite\.example-data-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = await bytesOf(outcome);
    expect(Number(headers.get("content-length"))).toBe(bytes.length);

    const entries = await unzip(bytes);
    expect([...entries.keys()].slice(0, 8)).toEqual([
      "README.txt",
      "profile.json",
      "projects.json",
      "milestones.json",
      "approvals.json",
      "files.json",
      "support-requests.json",
      "notifications.json",
    ]);
    expect(entries.get("README.txt")!.toString()).toContain("support-requests.json (1)");

    const profile = json(entries, "profile.json") as { account: { email: string; id: string }; company: { id: string } };
    expect(profile.account).toMatchObject({ email: "asha@kite.example", id: clientA.id });
    expect(profile.company.id).toBe(companyA);
    expect(json(entries, "projects.json")).toEqual([
      expect.objectContaining({ id: projectA, title: "Kite app", description: "The rider app." }),
    ]);
    expect(json(entries, "milestones.json")).toEqual([
      expect.objectContaining({ title: "Design review", status: "done", projectTitle: "Kite app" }),
    ]);
    expect(json(entries, "approvals.json")).toEqual([
      expect.objectContaining({ subjectTitle: "Design review", status: "changes_requested", comment: "Bigger buttons please" }),
    ]);

    // Both versions of the brief, byte for byte, where files.json says they are.
    const files = json(entries, "files.json") as { name: string; versions: { version: number; path: string; sha256: string }[] }[];
    const brief = files.find((f) => f.name === "Brief.pdf")!;
    expect(brief.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(entries.get(brief.versions[0]!.path)).toEqual(briefV1);
    expect(entries.get(brief.versions[1]!.path)).toEqual(briefV2);
    expect(brief.versions[1]!.path).toMatch(/^files\/projects\/Kite app \([\w-]{8}\)\/Brief\.pdf$/);
    expect(brief.versions[0]!.path).toMatch(/\/Brief \(v1\)\.pdf$/);
    expect(sha256(entries.get(brief.versions[1]!.path)!)).toBe(brief.versions[1]!.sha256);

    const [request] = json(entries, "support-requests.json") as {
      subject: string;
      raisedByYou: boolean;
      replies: { from: string; text: string }[];
      attachments: { path: string }[];
    }[];
    expect(request).toMatchObject({ subject: "Login trouble", raisedByYou: true, replies: [{ from: "staff", text: "Fixed, try again." }] });
    expect(entries.get(request!.attachments[0]!.path)!.toString()).toBe("screenshot bytes");
    expect((json(entries, "notifications.json") as { title: string }[]).map((n) => n.title)).toEqual(["Progress is now 40%"]);
  });

  test("Internal notes, archived projects, a teammate's notifications and other companies' data are never in the export", async () => {
    const entries = await unzip(await bytesOf(await own(clientA)));
    const everything = [...entries].map(([name, bytes]) => `${name}\n${bytes.toString("latin1")}`).join("\n");
    for (const secret of ["INTERNAL-NOTE", "difficult client", "ARCHIVED-", "ARJUN-ONLY", "OTHER-COMPANY", "bo@other.example"])
      expect(everything).not.toContain(secret);
    // Arjun's own export has his notification and the company's shared records, not Asha's notification.
    const arjun = await unzip(await bytesOf(await own(clientA2)));
    expect((json(arjun, "notifications.json") as { title: string }[]).map((n) => n.title)).toEqual(["ARJUN-ONLY notification"]);
    expect(json(arjun, "projects.json")).toHaveLength(1);
  });

  test("The company's issued invoices are in the export with their lines and payments, each PDF as sent; drafts and other companies' invoices are not", async () => {
    const issued = await createInvoiceDraft(FINANCE, companyA, draftInput({ billingName: "Kite Riders Ltd" }));
    const { number } = await issueAndFile(FINANCE, issued.id, issued.version);
    await recordPayment(FINANCE, issued.id, {
      amount: 10_000,
      currency: "EUR",
      method: "bank-transfer",
      paidOn: "2026-11-20",
      reference: "SEPA",
    });
    await createInvoiceDraft(FINANCE, companyA, draftInput({ billingName: "DRAFT-ONLY" }));
    const other = await createInvoiceDraft(FINANCE, companyB, draftInput({ billingName: "OTHER-COMPANY invoice" }));
    await issueAndFile(FINANCE, other.id, other.version);

    const entries = await unzip(await bytesOf(await own(clientA)));
    const invoices = json(entries, "invoices.json") as {
      number: string;
      billingName: string;
      lines: unknown[];
      payments: { amount: number }[];
    }[];
    expect(invoices.map((i) => [i.number, i.billingName, i.lines.length, i.payments.map((p) => p.amount)])).toEqual([
      [number, "Kite Riders Ltd", 2, [10_000]],
    ]);
    expect(entries.get(`files/invoices/${number}.pdf`)).toEqual((await invoicePdf(issued.id)).bytes);
    expect(entries.get("README.txt")!.toString()).toContain(
      "files/invoices/  Each invoice and credit note as the PDF you were sent (1 files).",
    );
    const everything = [...entries].map(([name, bytes]) => `${name}\n${bytes.toString("latin1")}`).join("\n");
    for (const secret of ["DRAFT-ONLY", "OTHER-COMPANY"]) expect(everything).not.toContain(secret);
    // The other tests count the export's files without invoices.
    await clearTables("invoicePayments", "invoiceLines", "invoices");
  });

  test("The company's proposals are in the export with their versions and signatures, the signed PDF as mailed; drafts and other companies' proposals are not", async () => {
    const signed = await sentProposal({ companyId: companyA }, "asha@kite.example", { content: proposalContent({ depositBp: 0 }) });
    const accepted = await acceptProposal({ kind: "member", userId: clientA.id, name: "Asha", companyId: companyA }, signed, {
      version: 1,
      optionalIds: [],
      total: proposalTotals(proposalContent(), []).total,
      fullName: "Asha Kite",
      consent: true,
      ip: "203.0.113.9",
      userAgent: "Export test",
    });
    const { id: draft } = await createProposal(SALES, { companyId: companyA }, { title: "DRAFT-ONLY proposal" });
    await sentProposal({ companyId: companyB }, "bo@other.example", { content: proposalContent({ title: "OTHER-COMPANY proposal" }) });

    const entries = await unzip(await bytesOf(await own(clientA)));
    const proposals = json(entries, "proposals.json") as {
      id: string;
      status: string;
      versions: { number: number; content: { title: string } }[];
      signatures: { role: string; signerName: string; ip?: string; documentSha256: string }[];
    }[];
    expect(proposals.map((p) => [p.id, p.status, p.versions.map((v) => v.content.title)])).toEqual([
      [signed, "accepted", ["Website redesign"]],
    ]);
    expect(proposals[0]!.signatures).toEqual([
      expect.objectContaining({ role: "client", signerName: "Asha Kite", ip: "203.0.113.9", documentSha256: accepted.documentSha256 }),
    ]);
    expect(entries.get(`files/proposals/${signed}-signed.pdf`)).toEqual((await signedProposalPdf(signed)).bytes);
    expect(entries.get("README.txt")!.toString()).toContain("files/proposals/ Each signed proposal as the PDF you were sent (1 files).");
    const everything = [...entries].map(([name, bytes]) => `${name}\n${bytes.toString("latin1")}`).join("\n");
    for (const secret of ["DRAFT-ONLY", "OTHER-COMPANY", draft]) expect(everything).not.toContain(secret);
    // The other tests count the export's projects and files without this acceptance's.
    await db().deleteFrom("milestones").where("projectId", "=", accepted.projectId).execute();
    await db().deleteFrom("projects").where("id", "=", accepted.projectId).execute();
    await clearTables("proposalSignatures", "proposalViews", "proposalLinks", "proposalVersions", "proposals");
  });

  test("Entry names are made safe: no climbing out of the folder, no control characters", async () => {
    const entries = await unzip(await bytesOf(await own(clientA)));
    const names = [...entries.keys()];
    for (const name of names) {
      expect(name.split("/")).not.toContain("..");
      // eslint-disable-next-line no-control-regex
      expect(name).not.toMatch(/[\u0000-\u001f\u007f\\]/);
    }
    expect(names.filter((n) => n.includes("etc_pass_wd"))).toEqual([
      expect.stringMatching(/^files\/projects\/Kite app \([\w-]{8}\)\/_\.\._etc_pass_wd$/),
    ]);
    expect(safeSegment("../../etc/pass\u0007wd")).toBe("_.._etc_pass_wd");
    expect(safeSegment("..")).toBe("untitled");
    expect(safeSegment("CON.txt")).toBe("_CON.txt");
    expect(safeSegment("evil\u202Etxt.exe")).toBe("eviltxt.exe");
    expect([...safeSegment(`${"a".repeat(300)}.pdf`)]).toHaveLength(100);
    expect(safeSegment(`${"a".repeat(300)}.pdf`).endsWith(".pdf")).toBe(true);
    // Two long titles that differ only past the cut still get folders of their own.
    const long = "Website relaunch ".repeat(10);
    expect(recordFolder(`${long}A`, "11111111-aaaa")).not.toBe(recordFolder(`${long}B`, "22222222-bbbb"));
    expect(recordFolder(`${long}A`, "11111111-aaaa")).toMatch(/ \(11111111\)$/);
  });

  test("Each export is audited once, saying who took whose data; a HEAD reads nothing and records nothing", async () => {
    await bytesOf(await own(clientA));
    expect(await exports()).toEqual([expect.objectContaining({ actorId: clientA.id, entityId: clientA.id })]);
    expect(JSON.parse((await exports())[0]!.detail)).toMatchObject({ by: "self", companyId: companyA, files: 4 });

    await clearTables("auditLog");
    const headRequest = await ownExport({
      request: new Request("http://localhost/settings/export", { method: "HEAD", headers: { Cookie: clientA.cookie } }),
      params: {},
      context: { clientIp: "203.0.113.9" },
    } as never);
    expect(headRequest.status).toBe(200);
    expect(headRequest.body).toBeNull();
    expect(await exports()).toEqual([]);
  });

  test("An admin downloads the same archive for a member from the company page, audited as the admin's", async () => {
    const outcome = await forMember(admin, companyA, clientA.id);
    expect(outcome.status).toBe(200);
    const entries = await unzip(await bytesOf(outcome));
    expect((json(entries, "profile.json") as { account: { id: string } }).account.id).toBe(clientA.id);
    expect(entries.get("README.txt")!.toString()).toContain("by our staff at your request");
    expect([...entries.keys()].join("\n")).not.toContain("OTHER-COMPANY");
    expect(await exports()).toEqual([expect.objectContaining({ actorId: admin.id, actorEmail: admin.email, entityId: clientA.id })]);
    expect(JSON.parse((await exports())[0]!.detail)).toMatchObject({ by: "staff", email: "asha@kite.example" });
  });

  test("A guest, a staff member on the portal route, a client or a non-admin on the console route are refused, and a person of another company is not found", async () => {
    expect(await own(undefined)).toMatchObject({ status: 302, location: "/login" });
    expect(await own(admin)).toMatchObject({ status: 302, location: "/employee-dashboard" });
    expect((await forMember(undefined, companyA, clientA.id)).status).toBe(302);
    expect((await forMember(clientA, companyA, clientA.id)).status).toBe(403);
    expect((await forMember(delivery, companyA, clientA.id)).status).toBe(403);
    // Bo is a member of company B, not A: naming him under A is "not found".
    expect((await forMember(admin, companyA, clientB.id)).status).toBe(404);
    expect((await forMember(admin, companyA, admin.id)).status).toBe(404);
    expect(await exports()).toEqual([]);
  });

  test("A stored file gone missing cuts the download short instead of ending in an archive that looks complete", async () => {
    const projectId = (
      await insertProject(db(), { companyId: companyB, createdBy: null, title: "Lost files", description: "", ownerId: null })
    ).id;
    const key = await storedVersion(projectId, "lost.pdf", pdf());
    await fileStore().delete(key);
    const outcome = await own(clientB);
    expect(outcome.status).toBe(200);
    await expect(outcome.response!.arrayBuffer()).rejects.toThrow();
    await db().deleteFrom("fileVersions").where("projectId", "=", projectId).execute();
    await db().deleteFrom("projectFiles").where("projectId", "=", projectId).execute();
  });

  test.runIf(storage.name === "local disk")(
    "A large export is made while it is read: nothing is read ahead, memory stays flat, and a download cut off leaves no stored file open",
    async () => {
      const projectId = (
        await insertProject(db(), { companyId: companyB, createdBy: null, title: "Big files", description: "", ownerId: null })
      ).id;
      const FILES = 6;
      const SIZE = 8 * 1024 * 1024;
      for (let i = 0; i < FILES; i++) await storedVersion(projectId, `big-${i}.bin`, randomBytes(SIZE));
      const outcome = await own(clientB);
      const total = Number(outcome.response!.headers.get("content-length"));
      expect(total).toBeGreaterThan(FILES * SIZE);

      const reader = outcome.response!.body!.getReader();
      const before = process.memoryUsage();
      let read = (await reader.read()).value!.byteLength;
      // Given time to run ahead, a buffering export would now hold the whole 48 MB.
      await sleep(1000);
      expect(process.memoryUsage().arrayBuffers - before.arrayBuffers).toBeLessThan(8 * 1024 * 1024);
      // What the process holds (JS heap + buffers) after a collection: read chunks are garbage at
      // once, but how long V8 lets garbage sit (and RSS keep freed pages) varies by Node release.
      const gc = collector();
      const held = () => {
        gc();
        const usage = process.memoryUsage();
        return usage.heapUsed + usage.arrayBuffers;
      };
      const start = held();
      let peak = start;
      for (let chunks = 0; ; chunks++) {
        const chunk = await reader.read();
        if (chunk.done) break;
        read += chunk.value.byteLength;
        if (chunks % 32 === 0) peak = Math.max(peak, held());
      }
      expect(read).toBe(total);
      // Read to the end, the process held far less than the archive it sent.
      expect(peak - start).toBeLessThan((FILES * SIZE) / 2);

      // A browser that goes away mid-download: the file being read is closed, nothing stays open.
      const cut = (await own(clientB)).response!.body!.getReader();
      for (let taken = 0; taken < 2 * SIZE; taken += (await cut.read()).value!.byteLength);
      expect(openStored()).toHaveLength(1);
      await cut.cancel();
      await expect.poll(openStored).toEqual([]);
      await db().deleteFrom("fileVersions").where("projectId", "=", projectId).execute();
      await db().deleteFrom("projectFiles").where("projectId", "=", projectId).execute();
    },
    60_000,
  );
});

/** V8's gc() without starting the test process with --expose-gc. */
function collector(): () => void {
  v8.setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}
