import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as consoleFiles from "~/routes/console/project-files";
import * as portalFiles from "~/routes/portal/project-files";
import { loader as downloadLoader } from "~/routes/resources/file-download";
import { loader as thumbnailLoader } from "~/routes/resources/file-thumbnail";
import { deleteAccountAndData } from "~/server/models/privacy/account-purge.server";
import { db } from "~/server/db/db.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { isProjectFileKeyReferenced } from "~/server/models/projects/project-files.server";
import { insertProject } from "~/server/models/projects/projects.server";
import { fileStore } from "~/server/storage/storage.server";
import { recoverResumeIntents, storedFilesIntent } from "~/server/uploads/resume-intents.server";
import { docm, pdf, pe } from "../fixtures/make-files";
import * as fx from "../fixtures/project-files";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { clearTables, useAppDatabase } from "../helpers/databases";
import { uploadFiles } from "../helpers/project-uploads";
import { call } from "../helpers/routes";
import { testSetups } from "../helpers/storages";
import { writeFileSync } from "node:fs";
import path from "node:path";

// Project files end to end through the routes, on SQLite and PostgreSQL, local disk and S3.

const FILE_MAX = 300 * 1024;
const QUOTA = 700 * 1024;

interface UploadAnswer {
  status: string;
  message: string;
  files?: Array<{ id: string; name: string; version: number }>;
}

const upload = uploadFiles;

const answer = async (response: Response) => (await response.json()) as UploadAnswer;
const versions = () => db().selectFrom("fileVersions").selectAll().orderBy("createdAt").orderBy("version").execute();
const download = (who: TestUser | null, versionId: string, headers: Record<string, string> = {}) =>
  call(downloadLoader, `/files/${versionId}`, { cookie: who?.cookie, params: { id: versionId }, headers });

describe.each(testSetups("project files"))("Project files on $name", ({ database, storage }) => {
  let cleanup: () => Promise<void>;
  let staff: TestUser;
  let recruiter: TestUser;
  let clientA: TestUser;
  let clientA2: TestUser;
  let unverifiedA3: TestUser;
  let clientB: TestUser;
  let companyA = "";
  let projectId = "";
  let stored: string[] = [];
  const newFiles = async () => (await storage.files()).filter((f) => !stored.includes(f));

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, {
      ...(await storage.setup()),
      FILE_MAX_BYTES: String(FILE_MAX),
      PROJECT_QUOTA_BYTES: String(QUOTA),
      APP_URL: "https://agency.test",
      MAIL_SALES_TO: "sales@agency.test",
    }));
    staff = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    recruiter = await signInStaff("hema@indigokite.dev", { name: "Hema Iyer", staffRole: "recruiter" });
    clientA = await signUp("alice@example.com", "Alice");
    clientA2 = await signUp("arun@example.com", "Arun");
    unverifiedA3 = await signUp("ama@example.com", "Ama", { verified: false });
    clientB = await signUp("bob@example.com", "Bob");
    companyA = (await insertCompany(db(), { name: "Kite Foods", origin: "staff" })).id;
    const companyB = (await insertCompany(db(), { name: "Acme", origin: "staff" })).id;
    await db().updateTable("users").set({ companyId: companyA }).where("id", "in", [clientA.id, clientA2.id, unverifiedA3.id]).execute();
    await db().updateTable("users").set({ companyId: companyB }).where("id", "=", clientB.id).execute();
  }, 120_000);
  afterAll(async () => {
    await cleanup();
    await storage.teardown();
  });
  beforeEach(async () => {
    await clearTables("notifications", "mailOutbox", "auditLog", "projectActivity", "fileVersions", "projectFiles", "projects");
    projectId = (
      await insertProject(db(), { companyId: companyA, createdBy: null, title: "Rider app", description: "", ownerId: staff.id })
    ).id;
    stored = await storage.files();
  });

  test("Staff upload several files in one session: stored with a thumbnail for the image, on the timeline, audited, and one mail per verified member", async () => {
    const image = await fx.png(800, 400);
    const response = await upload(staff, projectId, [
      [pdf(), "Brief.pdf"],
      [image, "../../logo.png"],
    ]);
    expect(response.status).toBe(200);
    const body = await answer(response);
    expect(body).toMatchObject({ status: "success", message: "Uploaded “Brief.pdf”, “logo.png”." });
    const rows = await versions();
    expect(rows.map((v) => [v.kind, v.version, v.side, Number(v.size), v.thumbnailKey !== null])).toEqual([
      ["pdf", 1, "staff", pdf().length, false],
      ["png", 1, "staff", image.length, true],
    ]);
    expect((await newFiles()).sort()).toEqual(rows.flatMap((v) => [v.storageKey, ...(v.thumbnailKey ? [v.thumbnailKey] : [])]).sort());
    expect((await storage.bytes(rows[0]!.storageKey)).equals(pdf())).toBe(true);
    const activity = await db()
      .selectFrom("projectActivity")
      .select(["kind", "summary", "actorSide"])
      .where("projectId", "=", projectId)
      .orderBy("summary")
      .execute();
    expect(activity).toEqual([
      { kind: "file.uploaded", summary: "Uploaded “Brief.pdf”", actorSide: "staff" },
      { kind: "file.uploaded", summary: "Uploaded “logo.png”", actorSide: "staff" },
    ]);
    expect((await db().selectFrom("auditLog").select("action").execute()).map((a) => a.action)).toEqual(["file.upload", "file.upload"]);
    const mails = await db().selectFrom("mailOutbox").select(["toAddress", "subject", "textBody"]).orderBy("toAddress").execute();
    expect(mails.map((m) => m.toAddress)).toEqual(["alice@example.com", "arun@example.com"]);
    expect(mails[0]!.subject).toContain("2 new files on Rider app");
    expect(mails[0]!.textBody).toContain(`https://agency.test/user-dashboard/projects/${projectId}/files`);
  });

  test("The same name again, in any case, adds a version; every version stays downloadable under its own name", async () => {
    await upload(staff, projectId, [[pdf(), "brief.pdf"]]);
    const second = Buffer.from("Second draft, now as text.\n");
    const body = await answer(await upload(clientA, projectId, [[second, "BRIEF.txt"]]));
    expect(body.status).toBe("success");
    const third = await answer(await upload(clientA, projectId, [[fx.csv(), "Brief.PDF"]]));
    // A CSV named .PDF is no PDF: it gets its real extension and so is another file.
    expect(third.files).toMatchObject([{ name: "Brief.PDF.txt", version: 1 }]);
    await upload(staff, projectId, [[pdf(), "BRIEF.PDF"]]);
    const files = await db().selectFrom("projectFiles").select(["name", "currentVersion"]).orderBy("nameKey").execute();
    expect(files).toEqual([
      { name: "brief.pdf", currentVersion: 2 },
      { name: "Brief.PDF.txt", currentVersion: 1 },
      { name: "BRIEF.txt", currentVersion: 1 },
    ]);
    const [v1, v2] = (await versions()).filter((v) => v.kind === "pdf");
    const old = await download(clientA, v1!.id);
    expect(old.status).toBe(200);
    expect(old.response!.headers.get("content-disposition")).toContain('filename="brief (v1).pdf"');
    expect(Buffer.from(await old.response!.arrayBuffer()).equals(pdf())).toBe(true);
    const current = await download(clientA, v2!.id);
    expect(current.response!.headers.get("content-disposition")).toContain("filename=brief.pdf");
    await current.response!.body?.cancel();
  });

  test("Versions come only from the side that shared the file: a member's same-named upload, or staff's on a client's file, is refused and nothing is stored", async () => {
    await upload(staff, projectId, [[pdf(), "Handover.pdf"]]);
    await upload(clientA, projectId, [[fx.csv(), "feedback.csv"]]);
    const before = {
      versions: await versions(),
      files: await newFiles(),
      mails: await db().selectFrom("mailOutbox").select("id").execute(),
    };

    const member = await upload(clientA2, projectId, [[pdf(), "handover.PDF"]]);
    expect([member.status, (await answer(member)).message]).toEqual([
      409,
      "“Handover.pdf” was shared by the agency, and only the agency can add versions to it. Rename your file and upload it again. Nothing was uploaded.",
    ]);
    const agency = await upload(staff, projectId, [
      [fx.csv(), "Feedback.csv"],
      [pdf(), "notes.pdf"],
    ]);
    expect([agency.status, (await answer(agency)).message]).toEqual([
      409,
      "“feedback.csv” was shared by the client, and only the client can add versions to it. Rename your file and upload it again. Nothing was uploaded.",
    ]);
    const noScript = await upload(clientA2, projectId, [[pdf(), "HANDOVER.pdf"]], { json: false });
    expect(noScript.headers.get("location")).toBe(`/user-dashboard/projects/${projectId}/files?upload=other-side`);
    const page = await call(portalFiles.loader, `/user-dashboard/projects/${projectId}/files?upload=other-side`, {
      cookie: clientA2.cookie,
      params: { id: projectId },
    });
    expect(page.data).toMatchObject({
      notice: { status: "error", message: expect.stringContaining("Rename your file and upload it again. Nothing was uploaded.") },
    });

    const files = await db().selectFrom("projectFiles").select(["name", "side", "currentVersion"]).orderBy("nameKey").execute();
    expect(files).toEqual([
      { name: "feedback.csv", side: "client", currentVersion: 1 },
      { name: "Handover.pdf", side: "staff", currentVersion: 1 },
    ]);
    expect(await versions()).toEqual(before.versions);
    expect(await newFiles()).toEqual(before.files);
    expect(await db().selectFrom("mailOutbox").select("id").execute()).toEqual(before.mails);
  });

  test("A download is a private attachment with an ETag; Range resumes it (206, 416); If-None-Match answers 304; each download is audited once", async () => {
    const bytes = fx.plainZip();
    await upload(staff, projectId, [[bytes, "assets.zip"]]);
    const [version] = await versions();
    await clearTables("auditLog");
    const whole = await download(clientA2, version!.id);
    expect(whole.status).toBe(200);
    const headers = whole.response!.headers;
    expect(headers.get("content-disposition")).toMatch(/^attachment; filename=assets\.zip/);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("content-type")).toBe("application/zip");
    expect(headers.get("etag")).toBe(`"${version!.sha256}"`);
    expect(Buffer.from(await whole.response!.arrayBuffer()).equals(bytes)).toBe(true);
    const tail = await download(clientA2, version!.id, { Range: "bytes=10-" });
    expect(tail.status).toBe(206);
    expect(tail.response!.headers.get("content-range")).toBe(`bytes 10-${bytes.length - 1}/${bytes.length}`);
    expect(Buffer.from(await tail.response!.arrayBuffer()).equals(bytes.subarray(10))).toBe(true);
    expect((await download(clientA2, version!.id, { Range: `bytes=${bytes.length}-` })).status).toBe(416);
    expect((await download(staff, version!.id, { "If-None-Match": `"${version!.sha256}"` })).status).toBe(304);
    const audit = await db().selectFrom("auditLog").select(["action", "actorEmail"]).orderBy("createdAt").execute();
    expect(audit).toEqual([{ action: "file.download", actorEmail: clientA2.email }]);
  });

  test("Another company's client gets 404 for every file URL and the tab; a guest is sent to sign in; a recruiter is refused", async () => {
    await upload(staff, projectId, [[await fx.png(), "logo.png"]]);
    const [version] = await versions();
    const id = version!.id;
    expect((await download(clientB, id)).status).toBe(404);
    expect((await call(thumbnailLoader, `/files/${id}/thumbnail`, { cookie: clientB.cookie, params: { id } })).status).toBe(404);
    expect(
      (await call(portalFiles.loader, `/user-dashboard/projects/${projectId}/files`, { cookie: clientB.cookie, params: { id: projectId } }))
        .status,
    ).toBe(404);
    expect((await upload(clientB, projectId, [[pdf(), "x.pdf"]])).status).toBe(404);
    expect((await download(null, id)).location).toBe("/login");
    expect((await download(recruiter, id)).status).toBe(403);
    const thumb = await call(thumbnailLoader, `/files/${id}/thumbnail`, { cookie: clientA.cookie, params: { id } });
    expect(thumb.status).toBe(200);
    expect(thumb.response!.headers.get("content-type")).toBe("image/webp");
    await thumb.response!.body?.cancel();
    expect((await versions()).length).toBe(1);
  });

  test("Refused uploads leave nothing stored: a renamed program, macros, a zip bomb, a file over the limit, a session over the quota", async () => {
    const cases: Array<[Array<[Buffer, string]>, number, string]> = [
      [
        [
          [pdf(), "ok.pdf"],
          [pe(), "invoice.pdf"],
        ],
        415,
        "“invoice.pdf” is a program; programs can't be shared here.",
      ],
      [[[docm(), "report.docx"]], 415, "“report.docx” contains macros."],
      [[[fx.zipBomb(), "data.zip"]], 415, "“data.zip” unpacks to far more than its size"],
      [[[Buffer.alloc(FILE_MAX + 1, 65), "huge.txt"]], 413, "“huge.txt” is larger than 300 kB, the limit for one file."],
      [
        [
          [Buffer.alloc(FILE_MAX - 10, 65), "a.txt"],
          [Buffer.alloc(FILE_MAX - 10, 66), "b.txt"],
          [Buffer.alloc(FILE_MAX - 10, 67), "c.txt"],
        ],
        413,
        "This project's files may take up to 700 kB",
      ],
    ];
    for (const [files, status, message] of cases) {
      const response = await upload(clientA, projectId, files);
      expect(response.status, message).toBe(status);
      expect((await answer(response)).message).toContain(message);
    }
    expect(await versions()).toEqual([]);
    expect(await newFiles()).toEqual([]);
    expect(await db().selectFrom("mailOutbox").selectAll().execute()).toEqual([]);
  });

  test("Without JavaScript the upload answers 303 back to the tab with its outcome", async () => {
    const done = await upload(clientA, projectId, [[pdf(), "brief.pdf"]], { json: false });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/user-dashboard/projects/${projectId}/files?upload=done`);
    const refused = await upload(staff, projectId, [[pe(), "setup.pdf"]], { json: false });
    expect(refused.headers.get("location")).toBe(`/employee-dashboard/projects/${projectId}/files?upload=executable`);
    const page = await call(portalFiles.loader, `/user-dashboard/projects/${projectId}/files?upload=done`, {
      cookie: clientA.cookie,
      params: { id: projectId },
    });
    expect(page.data).toMatchObject({ notice: { status: "success", message: "Your files are uploaded." } });
  });

  test("The tab shows twenty files a page, most recently changed first; a link naming a file opens on the page that holds it, and an unknown or another project's file on the first", async () => {
    const names = Array.from({ length: 23 }, (_, i) => `note-${String(i).padStart(2, "0")}.txt`);
    for (let i = 0; i < names.length; i += 8)
      expect(
        (
          await upload(
            staff,
            projectId,
            names.slice(i, i + 8).map((name) => [Buffer.from(`${name}\n`), name]),
          )
        ).status,
      ).toBe(200);
    const tab = async (query: string, who: TestUser = clientA) => {
      const page = await call(portalFiles.loader, `/user-dashboard/projects/${projectId}/files${query}`, {
        cookie: who.cookie,
        params: { id: projectId },
      });
      expect(page.status).toBe(200);
      return page.data as {
        page: number;
        total: number;
        pageSize: number;
        files: { id: string; name: string; updatedAt: number; versions: unknown[] }[];
      };
    };
    const first = await tab("");
    const second = await tab("?page=2");
    expect([first.page, first.total, first.pageSize, first.files.length]).toEqual([1, 23, 20, 20]);
    expect([second.page, second.total, second.files.length]).toEqual([2, 23, 3]);
    expect([...first.files, ...second.files].map((f) => f.name).sort()).toEqual(names);
    expect(second.files.every((f) => f.versions.length === 1)).toBe(true);
    const times = [...first.files, ...second.files].map((f) => f.updatedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // A file on the second page, named by a link (an approval, an activity entry): that page.
    const later = second.files[1]!;
    const named = await tab(`?file=${later.id}`);
    expect(named.page).toBe(2);
    expect(named.files.map((f) => f.id)).toContain(later.id);
    // ?page= wins over ?file= (the pager's links keep the other parameters).
    expect((await tab(`?file=${later.id}&page=1`)).page).toBe(1);
    // Staff see the same pages.
    const staffSide = await call(consoleFiles.loader, `/employee-dashboard/projects/${projectId}/files?file=${later.id}`, {
      cookie: staff.cookie,
      params: { id: projectId },
    });
    expect((staffSide.data as { page: number }).page).toBe(2);

    // Another project's file says nothing about where it sits: the first page, as for an unknown id.
    const other = (await insertProject(db(), { companyId: companyA, createdBy: null, title: "Other", description: "", ownerId: staff.id }))
      .id;
    await upload(staff, other, [[pdf(), "elsewhere.pdf"]]);
    const elsewhere = await db().selectFrom("projectFiles").select("id").where("projectId", "=", other).executeTakeFirstOrThrow();
    expect((await tab(`?file=${elsewhere.id}`)).page).toBe(1);
    expect((await tab("?file=nothing-like-this")).page).toBe(1);

    // Past the last page: no files, the count still says how many there are.
    const beyond = await tab("?page=9");
    expect([beyond.page, beyond.total, beyond.files.length]).toEqual([9, 23, 0]);
  });

  test("A client upload notifies and mails the staff who look after clients once per session (never a recruiter), or mails the sales inbox when none is left", async () => {
    await upload(clientA, projectId, [
      [pdf(), "a.pdf"],
      [fx.csv(), "b.csv"],
    ]);
    const bell = await db().selectFrom("notifications").select(["userId", "type", "link"]).execute();
    expect(bell).toEqual([{ userId: staff.id, type: "file_shared", link: `/employee-dashboard/projects/${projectId}/files` }]);
    await db().updateTable("users").set({ staffDisabledAt: Date.now() }).where("id", "=", staff.id).execute();
    try {
      await upload(clientA, projectId, [[pdf(), "c.pdf"]]);
    } finally {
      await db().updateTable("users").set({ staffDisabledAt: null }).where("id", "=", staff.id).execute();
    }
    const mails = await db().selectFrom("mailOutbox").select(["toAddress", "subject", "textBody"]).orderBy("createdAt").execute();
    expect(mails.map((m) => m.toAddress)).toEqual([staff.email, "sales@agency.test"].map((a) => a.toLowerCase()));
    expect(mails[0]!.textBody).toContain(`https://agency.test/employee-dashboard/projects/${projectId}/files`);
  });

  test("Clients delete only their own uploads and only while client uploads are on; staff delete any and can turn uploads off; the bytes go", async () => {
    const mine = (await answer(await upload(clientA, projectId, [[pdf(), "mine.pdf"]]))).files![0]!.id;
    const theirs = (await answer(await upload(staff, projectId, [[pdf(), "deliverable.pdf"]]))).files![0]!.id;
    const post = (
      route: typeof portalFiles.action | typeof consoleFiles.action,
      who: TestUser,
      form: Record<string, string>,
      base: string,
    ) =>
      call(route, `${base}/projects/${projectId}/files`, {
        cookie: who.cookie,
        params: { id: projectId },
        form,
        headers: { Origin: "http://localhost", Host: "localhost" },
      });
    expect((await post(portalFiles.action, clientA, { intent: "delete-file", fileId: theirs }, "/user-dashboard")).data).toMatchObject({
      status: "error",
      message: "You can delete only files you uploaded yourself.",
    });
    expect((await post(portalFiles.action, clientA2, { intent: "delete-file", fileId: mine }, "/user-dashboard")).status).toBe(403);
    expect(
      (await post(consoleFiles.action, staff, { intent: "client-uploads", clientUploads: "off" }, "/employee-dashboard")).data,
    ).toMatchObject({ status: "success" });
    expect((await post(portalFiles.action, clientA, { intent: "delete-file", fileId: mine }, "/user-dashboard")).status).toBe(403);
    const off = await upload(clientA, projectId, [[pdf(), "more.pdf"]]);
    expect([off.status, (await answer(off)).message]).toEqual([403, "The agency has turned off uploads from your side for this project."]);
    await post(consoleFiles.action, staff, { intent: "client-uploads", clientUploads: "on" }, "/employee-dashboard");
    const before = await newFiles();
    expect((await post(portalFiles.action, clientA, { intent: "delete-file", fileId: mine }, "/user-dashboard")).data).toMatchObject({
      status: "success",
      message: "Deleted “mine.pdf”.",
    });
    expect((await post(consoleFiles.action, staff, { intent: "delete-file", fileId: theirs }, "/employee-dashboard")).data).toMatchObject({
      status: "success",
    });
    expect(before.length).toBe(2);
    expect(await newFiles()).toEqual([]);
    const actions = (await db().selectFrom("auditLog").select("action").orderBy("createdAt").execute()).map((a) => a.action);
    expect(actions.filter((a) => a === "file.delete")).toHaveLength(2);
    expect(actions).toContain("project.client_uploads");
  });

  test("Bytes stored by a process that died before its row are removed at the next start; committed ones stay", async () => {
    await upload(staff, projectId, [[pdf(), "kept.pdf"]]);
    const [kept] = await versions();
    const store = fileStore();
    const orphan = `projects/${projectId}/00000000-0000-4000-8000-000000000000`;
    const temp = path.join(store.tempDir(), "orphan.part");
    writeFileSync(temp, pdf());
    await storedFilesIntent(store).note([orphan, kept!.storageKey]);
    await store.putFromFile(orphan, temp, "application/pdf");
    const deleted = await recoverResumeIntents(isProjectFileKeyReferenced, store);
    expect(deleted).toBe(1);
    expect(await store.exists(orphan)).toBe(false);
    expect(await store.exists(kept!.storageKey)).toBe(true);
    expect(await newFiles()).toEqual([kept!.storageKey]);
  });

  test("Deleting the last member of a self-registered company purges its project files", async () => {
    const solo = await signUp(`solo${Date.now()}@example.com`, "Solo");
    const own = (await insertCompany(db(), { name: "Solo Ltd", origin: "self" })).id;
    await db().updateTable("users").set({ companyId: own }).where("id", "=", solo.id).execute();
    const soloProject = (await insertProject(db(), { companyId: own, createdBy: solo.id, title: "Solo site", description: "" })).id;
    await upload(solo, soloProject, [
      [pdf(), "brief.pdf"],
      [await fx.png(), "logo.png"],
    ]);
    expect((await newFiles()).length).toBe(3);
    await deleteAccountAndData(solo.id);
    expect(await newFiles()).toEqual([]);
    expect(await db().selectFrom("fileVersions").selectAll().execute()).toEqual([]);
  });
});
