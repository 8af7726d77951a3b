import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { ATTACHMENT_MAX_BYTES } from "~/lib/attachments";
import * as supportRoute from "~/routes/portal/support";
import * as complaintRoute from "~/routes/console/complaint";
import { loader as downloadAttachment } from "~/routes/resources/attachment-download";
import { loader as attachmentThumbnail } from "~/routes/resources/attachment-thumbnail";
import { db } from "~/server/db/db.server";
import { isAttachmentKeyReferenced } from "~/server/models/support/attachments.server";
import { fileStore } from "~/server/storage/storage.server";
import { deleteAccountAndData } from "~/server/models/privacy/account-purge.server";
import { withStoredAttachments } from "~/server/uploads/attachment-upload.server";
import { parseUploadForm } from "~/server/uploads/project-upload.server";
import { recoverResumeIntents, resumeIntent } from "~/server/uploads/resume-intents.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";
import { testSetups } from "../helpers/storages";
import { elf, paddedPdf, pdf } from "../fixtures/make-files";
import * as files from "../fixtures/project-files";

// Files on support requests and replies, end to end through the routes.

interface Upload {
  name: string;
  bytes: Buffer;
  type?: string;
}

function multipartRequest(path: string, fields: Record<string, string>, uploads: Upload[], cookie: string): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const u of uploads)
    form.append("attachments", new File([new Uint8Array(u.bytes)], u.name, { type: u.type ?? "application/octet-stream" }));
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: form,
    headers: { Origin: "http://localhost", Host: "localhost", Cookie: cookie },
  });
}

type Result = { status: number; data?: { status?: string; message?: string; intent?: string; targetId?: string } };

async function post(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<Result> {
  try {
    const value = (await fn({ request, params, context: { clientIp: "203.0.113.9" } } as never)) as {
      init?: { status?: number };
      data?: Result["data"];
    };
    return { status: value.init?.status ?? 200, data: value.data };
  } catch (error) {
    if (error instanceof Response) return { status: error.status };
    throw error;
  }
}

const raise = (who: TestUser, uploads: Upload[], subject = "Logo files") =>
  post(
    supportRoute.action,
    multipartRequest(
      "/user-dashboard/support",
      { intent: "create-complaint", subject, message: "Here are the files." },
      uploads,
      who.cookie,
    ),
  );

const portalComplaints = async (who: TestUser) => {
  const outcome = await call(supportRoute.loader, "/user-dashboard/support", { cookie: who.cookie });
  return (outcome.data as unknown as Awaited<ReturnType<typeof supportRoute.loader>>).complaints;
};

describe.each(testSetups("attachments"))("Support attachments on $name", ({ database, storage }) => {
  let cleanup: () => Promise<void>;
  let clientA: TestUser;
  let clientA2: TestUser;
  let clientB: TestUser;
  let support: TestUser;
  let recruiter: TestUser;
  let before: string[] = [];
  const added = async () => (await storage.files()).filter((f) => !before.includes(f));

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, await storage.setup()));
    support = await signInStaff("sana@indigokite.dev", { name: "Sana Support" });
    recruiter = await signInStaff("hema@indigokite.dev", { name: "Hema Iyer", staffRole: "recruiter" });
    clientA = await signUp("asha@kite.example", "Asha");
    clientB = await signUp("bo@other.example", "Bo");
    // A second member of company A (members share their company's requests).
    clientA2 = await signUp("arjun@kite.example", "Arjun");
    await db()
      .updateTable("users")
      .set({ companyId: await companyOf(clientA) })
      .where("id", "=", clientA2.id)
      .execute();
    await companyOf(clientB);
  });
  afterAll(async () => {
    await cleanup();
    await storage.teardown();
  });
  beforeEach(async () => {
    await clearTables("attachments", "complaintReplies", "complaints", "auditLog");
    before = await storage.files();
  });

  test("A client raises a request with an image and a PDF: both are stored, shown under the request with a preview for the image, and audited", async () => {
    const image = await files.png();
    const result = await raise(clientA, [
      { name: "logo.png", bytes: image, type: "image/png" },
      { name: "brief.pdf", bytes: pdf(), type: "application/pdf" },
    ]);
    expect(result).toMatchObject({ status: 200, data: { status: "success" } });
    const [complaint] = await portalComplaints(clientA2);
    expect(complaint!.attachments.map((a) => [a.name, a.kind, a.hasThumbnail, a.replyId])).toEqual([
      ["logo.png", "png", true, null],
      ["brief.pdf", "pdf", false, null],
    ]);
    const rows = await db().selectFrom("attachments").selectAll().orderBy("createdAt").execute();
    expect(rows.map((r) => r.side)).toEqual(["client", "client"]);
    expect(await storage.bytes(rows[0]!.storageKey)).toEqual(image);
    expect((await added()).filter((f) => !f.startsWith(".tmp"))).toHaveLength(3); // two files and one thumbnail
    expect((await added()).filter((f) => f.startsWith(".tmp"))).toEqual([]);
    const audit = await db()
      .selectFrom("auditLog")
      .select(["action", "entityId", "actorEmail"])
      .where("action", "=", "attachment.upload")
      .execute();
    expect(audit.map((a) => a.entityId).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(audit.every((a) => a.actorEmail === clientA.email)).toBe(true);
  });

  test("The company's members and support staff download an attachment as a file; another company, a guest and a role without support cannot", async () => {
    const bytes = pdf();
    await raise(clientA, [{ name: "brief.pdf", bytes }]);
    const { id } = await db().selectFrom("attachments").select("id").executeTakeFirstOrThrow();
    const get = (cookie?: string, headers: Record<string, string> = {}) =>
      call(downloadAttachment, `/attachments/${id}`, { cookie, params: { id }, headers });

    const mine = await get(clientA2.cookie);
    expect(mine.status).toBe(200);
    const headers = mine.response!.headers;
    expect(headers.get("content-disposition")).toMatch(/^attachment; filename=brief\.pdf/);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect(Buffer.from(await mine.response!.arrayBuffer())).toEqual(bytes);
    expect((await get(support.cookie)).status).toBe(200);

    expect((await get(clientB.cookie)).status).toBe(404);
    expect((await call(downloadAttachment, "/attachments/nope", { cookie: clientA.cookie, params: { id: "nope" } })).status).toBe(404);
    expect(await get()).toMatchObject({ status: 302, location: "/login" });
    expect((await get(recruiter.cookie)).status).toBe(403);

    const reads = await db().selectFrom("auditLog").select(["action", "actorEmail"]).where("action", "=", "attachment.download").execute();
    expect(reads.map((r) => r.actorEmail).sort()).toEqual([clientA2.email, support.email].sort());
  });

  test("A broken download resumes with a Range request, and an unchanged file answers 304 to its ETag", async () => {
    const bytes = paddedPdf(300_000);
    await raise(clientA, [{ name: "big.pdf", bytes }]);
    const { id, sha256 } = await db().selectFrom("attachments").select(["id", "sha256"]).executeTakeFirstOrThrow();
    const ranged = await call(downloadAttachment, `/attachments/${id}`, {
      cookie: clientA.cookie,
      params: { id },
      headers: { Range: "bytes=100000-" },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.response!.headers.get("content-range")).toBe(`bytes 100000-299999/300000`);
    expect(Buffer.from(await ranged.response!.arrayBuffer())).toEqual(bytes.subarray(100_000));
    const cached = await call(downloadAttachment, `/attachments/${id}`, {
      cookie: clientA.cookie,
      params: { id },
      headers: { "If-None-Match": `"${sha256}"` },
    });
    expect(cached.status).toBe(304);
  });

  test("An image's preview is a small WebP made by the server; another company gets 404 and a PDF has none", async () => {
    await raise(clientA, [
      { name: "photo.jpg", bytes: await files.jpeg(1200, 900) },
      { name: "brief.pdf", bytes: pdf() },
    ]);
    const [photo, brief] = await db().selectFrom("attachments").select(["id", "kind"]).orderBy("createdAt").execute();
    const thumb = (id: string, cookie: string) => call(attachmentThumbnail, `/attachments/${id}/thumbnail`, { cookie, params: { id } });
    const shown = await thumb(photo!.id, clientA.cookie);
    expect(shown.status).toBe(200);
    expect(shown.response!.headers.get("content-type")).toBe("image/webp");
    const webp = Buffer.from(await shown.response!.arrayBuffer());
    expect(webp.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect((await thumb(photo!.id, clientB.cookie)).status).toBe(404);
    expect((await thumb(brief!.id, clientA.cookie)).status).toBe(404);
  });

  test("Staff reply with a file: the client sees it under that reply, and the reply, its file and the audit commit together", async () => {
    await raise(clientA, []);
    const { id: complaintId } = await db().selectFrom("complaints").select("id").executeTakeFirstOrThrow();
    const request = multipartRequest(
      `/employee-dashboard/support/${complaintId}`,
      { intent: "reply", text: "The mock-up is attached." },
      [{ name: "mockup.png", bytes: await files.png(), type: "image/png" }],
      support.cookie,
    );
    const result = await post(complaintRoute.action, request, { id: complaintId });
    expect(result.data?.status).toBe("success");
    const [complaint] = await portalComplaints(clientA);
    const reply = complaint!.replies[0]!;
    expect(complaint!.attachments).toEqual([expect.objectContaining({ name: "mockup.png", replyId: reply.id, hasThumbnail: true })]);
    const row = await db().selectFrom("attachments").select(["side", "uploadedByName"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ side: "staff", uploadedByName: "Sana Support" });
    const staffView = await call(complaintRoute.loader, `/employee-dashboard/support/${complaintId}`, {
      cookie: support.cookie,
      params: { id: complaintId },
    });
    expect((staffView.data as { complaint: { attachments: unknown[] } }).complaint.attachments).toHaveLength(1);
  });

  test("A client's reply carries files too", async () => {
    await raise(clientA, []);
    const { id: complaintId } = await db().selectFrom("complaints").select("id").executeTakeFirstOrThrow();
    const request = multipartRequest(
      `/user-dashboard/support?reply=${complaintId}`,
      { intent: "reply", complaintId, text: "One more." },
      [{ name: "notes.txt", bytes: Buffer.from("Colours: teal and sand.\n") }],
      clientA2.cookie,
    );
    expect((await post(supportRoute.action, request)).data?.status).toBe("success");
    const [complaint] = await portalComplaints(clientA);
    expect(complaint!.attachments).toEqual([
      expect.objectContaining({ name: "notes.txt", kind: "txt", replyId: complaint!.replies[0]!.id }),
    ]);
  });

  test("Six files, a file over 25 MB, a renamed program and a macro document are refused with a clear message, and nothing is stored", async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, bytes: Buffer.from(`file ${i}\n`) }));
    const cases: [Upload[], RegExp][] = [
      [six, /at most 5 files/],
      [[{ name: "huge.pdf", bytes: paddedPdf(ATTACHMENT_MAX_BYTES + 1) }], /“huge\.pdf” is larger than 25 MB/],
      [[{ name: "invoice.pdf", bytes: elf() }], /is a program/],
      [
        [
          { name: "ok.txt", bytes: Buffer.from("fine\n") },
          { name: "report.doc", bytes: files.docWithMacros() },
        ],
        /contains macros/,
      ],
    ];
    for (const [uploads, message] of cases) {
      const result = await raise(clientA, uploads);
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({ intent: "create-complaint", status: "error" });
      expect(result.data?.message).toMatch(message);
    }
    expect(await db().selectFrom("complaints").selectAll().execute()).toEqual([]);
    expect(await db().selectFrom("attachments").selectAll().execute()).toEqual([]);
    expect(await added()).toEqual([]);
  });

  test("A refused reply's message goes to that reply's box, without JavaScript too", async () => {
    await raise(clientA, []);
    const { id: complaintId } = await db().selectFrom("complaints").select("id").executeTakeFirstOrThrow();
    const request = multipartRequest(
      `/user-dashboard/support?reply=${complaintId}`,
      { intent: "reply", complaintId, text: "See attached" },
      [{ name: "setup.exe", bytes: elf() }],
      clientA.cookie,
    );
    expect(await post(supportRoute.action, request)).toMatchObject({
      status: 400,
      data: { intent: "reply", status: "error", targetId: complaintId },
    });
    expect(await db().selectFrom("complaintReplies").selectAll().execute()).toEqual([]);
  });

  test("Files without a message are refused and not kept; a blank reply without files is still ignored", async () => {
    await raise(clientA, []);
    const { id: complaintId } = await db().selectFrom("complaints").select("id").executeTakeFirstOrThrow();
    const withFile = multipartRequest(
      `/user-dashboard/support?reply=${complaintId}`,
      { intent: "reply", complaintId, text: "  " },
      [{ name: "a.txt", bytes: Buffer.from("a\n") }],
      clientA.cookie,
    );
    expect(await post(supportRoute.action, withFile)).toMatchObject({
      status: 400,
      data: { message: "Write a message to send with the files." },
    });
    const blank = multipartRequest(
      `/user-dashboard/support?reply=${complaintId}`,
      { intent: "reply", complaintId, text: " " },
      [],
      clientA.cookie,
    );
    expect((await post(supportRoute.action, blank)).data?.status).toBe("ignored");
    expect(await db().selectFrom("complaintReplies").selectAll().execute()).toEqual([]);
    expect(await added()).toEqual([]);
  });

  test("A reply with files on another company's request is answered like an unknown request, and its bytes are removed", async () => {
    await raise(clientB, [], "Other company");
    const { id: complaintId } = await db().selectFrom("complaints").select("id").executeTakeFirstOrThrow();
    const request = multipartRequest(
      `/user-dashboard/support?reply=${complaintId}`,
      { intent: "reply", complaintId, text: "Hi" },
      [{ name: "a.txt", bytes: Buffer.from("a\n") }],
      clientA.cookie,
    );
    expect((await post(supportRoute.action, request)).status).toBe(404);
    expect(await db().selectFrom("attachments").selectAll().execute()).toEqual([]);
    expect(await added()).toEqual([]);
  });

  test("When the message cannot be written, the files already stored are removed again", async () => {
    const form = new FormData();
    form.append("attachments", new File([new Uint8Array(pdf())], "brief.pdf"));
    const upload = await parseUploadForm(new Request("http://localhost/x", { method: "POST", body: form }), {
      maxFiles: 5,
      maxFileBytes: ATTACHMENT_MAX_BYTES,
      fileField: "attachments",
    });
    await expect(
      withStoredAttachments(upload, async () => {
        throw new Error("database went away");
      }),
    ).rejects.toThrow("database went away");
    expect(await added()).toEqual([]);
  });

  test("Bytes stored by a process killed before the row committed are deleted at the next start; committed ones stay", async () => {
    await raise(clientA, [{ name: "kept.pdf", bytes: pdf() }]);
    const { storageKey } = await db().selectFrom("attachments").select("storageKey").executeTakeFirstOrThrow();
    const store = fileStore();
    const orphan = "attachments/00000000-0000-4000-8000-000000000000";
    await resumeIntent(store).note(orphan);
    const temp = `${store.tempDir()}/orphan.upload`;
    writeFileSync(temp, pdf());
    await store.putFromFile(orphan, temp, "application/pdf");
    // As at startup (server/app.ts): this process's intents count as a dead process's.
    expect(await recoverResumeIntents(isAttachmentKeyReferenced, store)).toBe(1);
    expect(await store.exists(orphan)).toBe(false);
    expect(await store.exists(storageKey)).toBe(true);
    expect((await added()).filter((f) => f.startsWith(".tmp"))).toEqual([]);
  });

  test("When a client's account goes with its own company, the files on its requests are deleted from the store too", async () => {
    const leaving = await signUp(`leaving-${Date.now()}@example.com`, "Leaving");
    await raise(leaving, [{ name: "photo.png", bytes: await files.png() }]);
    expect((await added()).filter((f) => f.startsWith("attachments/"))).toHaveLength(2);
    await deleteAccountAndData(leaving.id);
    expect(await db().selectFrom("attachments").selectAll().execute()).toEqual([]);
    expect(await added()).toEqual([]);
  });
});
