import { readdirSync, readlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { Writable } from "node:stream";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as supportRoute from "~/routes/portal/support";
import { loader as attachmentLoader } from "~/routes/resources/attachment-download";
import { loader as attachmentThumbnailLoader } from "~/routes/resources/attachment-thumbnail";
import { downloadTargetOf, writeDownload } from "~/routes/+shared/downloads.server";
import { loader as fileLoader } from "~/routes/resources/file-download";
import { loader as fileThumbnailLoader } from "~/routes/resources/file-thumbnail";
import { action as uploadAction } from "~/routes/resources/project-files-upload";
import { db } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { insertProject } from "~/server/models/projects/projects.server";
import { createLocalFileStore } from "~/server/storage/storage.server";
import { SEND_CHUNK } from "~/server/storage/send-range.server";
import { paddedPdf } from "../fixtures/make-files";
import * as fx from "../fixtures/project-files";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, useAppDatabase } from "../helpers/databases";
import { rawRequest, serveOnLoopback, type RawReply, type TestHttpServer } from "../helpers/http";
import { call, type RouteFn } from "../helpers/routes";
import { testSetups } from "../helpers/storages";
import { tempDir } from "../helpers/temp-dirs";

//, decision 0040: the production server answers the private-file URLs straight from
// node:http (server/app.ts → writeDownload) rather than through React Router. These tests serve
// that path on loopback, exactly as server.ts calls it, and hold it to the resource routes' rules.

const FILE_MAX = 3_000_000;
const BIG = 2_500_000;

/** What server.ts does for a private file's URL: the direct responder, else its other answer. */
function directServer(): Promise<TestHttpServer> {
  return serveOnLoopback((req, res) => {
    const target = downloadTargetOf((req.url ?? "").split("?")[0]!);
    if (!target) return void res.writeHead(599).end();
    writeDownload(createRequest(req, res), target, res).then(
      (response) => (response ? sendResponse(res, response) : undefined),
      (error: unknown) => res.destroy(error as Error),
    );
  });
}

async function uploadFile(who: TestUser, projectId: string, bytes: Buffer, name: string): Promise<void> {
  const form = new FormData();
  form.append("files", new File([new Uint8Array(bytes)], name));
  const request = new Request(`http://localhost/projects/${projectId}/files/upload`, {
    method: "POST",
    body: form,
    headers: { Origin: "http://localhost", Host: "localhost", Cookie: who.cookie, Accept: "application/json" },
  });
  const response = (await uploadAction({ request, params: { id: projectId }, context: { clientIp: "203.0.113.9" } } as never)) as Response;
  expect(response.status).toBe(200);
}

async function attach(who: TestUser, bytes: Buffer, name: string): Promise<void> {
  const form = new FormData();
  form.append("intent", "create-complaint");
  form.append("subject", "Files");
  form.append("message", "Here they are.");
  form.append("attachments", new File([new Uint8Array(bytes)], name));
  const request = new Request("http://localhost/user-dashboard/support", {
    method: "POST",
    body: form,
    headers: { Origin: "http://localhost", Host: "localhost", Cookie: who.cookie },
  });
  await supportRoute.action({ request, params: {}, context: { clientIp: "203.0.113.9" } } as never);
}

const HEADERS = [
  "etag",
  "accept-ranges",
  "content-type",
  "content-length",
  "content-range",
  "content-disposition",
  "cache-control",
  "x-content-type-options",
  "content-security-policy",
  "location",
];

/** Status, the download headers and the bytes: what must not differ between the two paths. */
function shape(status: number, header: (name: string) => string | null | undefined, body: Buffer) {
  return { status, headers: Object.fromEntries(HEADERS.map((name) => [name, header(name) ?? null])), body: body.toString("base64") };
}

async function viaRoute(loader: RouteFn, url: string, id: string, who: TestUser | null, headers: Record<string, string> = {}) {
  const outcome = await call(loader, url, { cookie: who?.cookie, params: { id }, headers });
  const response = outcome.response!;
  return shape(response.status, (name) => response.headers.get(name), Buffer.from(await response.arrayBuffer()));
}

async function viaDirect(
  server: TestHttpServer,
  url: string,
  who: TestUser | null,
  headers: Record<string, string> = {},
): Promise<RawReply> {
  return rawRequest(`${server.url}${url}`, { headers: { ...headers, ...(who ? { Cookie: who.cookie } : {}) } });
}

const directShape = (reply: RawReply) => shape(reply.status, (name) => reply.headers[name] as string | undefined, reply.body);

/** The open file descriptors of this process that point at `file` (Linux). */
function openDescriptorsOf(file: string): number {
  return readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;
}

describe.each(testSetups("direct downloads"))("Private files straight from node:http on $name", ({ database, storage }) => {
  let cleanup: () => Promise<void>;
  let server: TestHttpServer;
  let staff: TestUser;
  let recruiter: TestUser;
  let clientA: TestUser;
  let clientB: TestUser;
  let projectId = "";

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, {
      ...(await storage.setup()),
      FILE_MAX_BYTES: String(FILE_MAX),
      APP_URL: "http://localhost",
    }));
    staff = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    recruiter = await signInStaff("hema@indigokite.dev", { name: "Hema Iyer", staffRole: "recruiter" });
    clientA = await signUp("alice@example.com", "Alice");
    clientB = await signUp("bob@example.com", "Bob");
    const companyA = (await insertCompany(db(), { name: "Kite Foods", origin: "staff" })).id;
    await db().updateTable("users").set({ companyId: companyA }).where("id", "=", clientA.id).execute();
    await companyOf(clientB);
    projectId = (
      await insertProject(db(), { companyId: companyA, createdBy: null, title: "Rider app", description: "", ownerId: staff.id })
    ).id;
    server = await directServer();
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await cleanup();
    await storage.teardown();
  });
  beforeEach(async () => {
    await clearTables("auditLog", "attachments", "complaints", "fileVersions", "projectFiles");
  });

  const versionId = async () => (await db().selectFrom("fileVersions").select(["id", "storageKey"]).executeTakeFirstOrThrow()).id;
  const attachmentId = async () => (await db().selectFrom("attachments").select("id").executeTakeFirstOrThrow()).id;

  test("A member downloads the whole file, resumes it with Range (206, 416), gets 304 for its ETag, and only the download from byte 0 is audited", async () => {
    const bytes = paddedPdf(BIG);
    await uploadFile(clientA, projectId, bytes, "brief.pdf");
    const id = await versionId();
    const whole = await viaDirect(server, `/files/${id}`, clientA);
    expect(whole.status).toBe(200);
    expect(whole.headers["content-disposition"]).toMatch(/^attachment; filename=brief\.pdf/);
    expect(whole.headers["x-content-type-options"]).toBe("nosniff");
    expect(whole.headers["cache-control"]).toBe("no-store");
    expect(whole.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(whole.headers["content-length"]).toBe(String(BIG));
    expect(whole.body.equals(bytes)).toBe(true);

    const tail = await viaDirect(server, `/files/${id}`, clientA, { Range: "bytes=-1000000" });
    expect(tail.status).toBe(206);
    expect(tail.headers["content-range"]).toBe(`bytes ${BIG - 1_000_000}-${BIG - 1}/${BIG}`);
    expect(tail.body.equals(bytes.subarray(BIG - 1_000_000))).toBe(true);
    expect((await viaDirect(server, `/files/${id}`, clientA, { Range: `bytes=${BIG}-` })).status).toBe(416);
    const etag = whole.headers.etag!;
    expect((await viaDirect(server, `/files/${id}`, staff, { "If-None-Match": etag })).status).toBe(304);
    const stale = await viaDirect(server, `/files/${id}`, clientA, { Range: "bytes=0-9", "If-Range": '"another"' });
    expect(stale.status).toBe(200);
    const head = await rawRequest(`${server.url}/files/${id}`, { method: "HEAD", headers: { Cookie: clientA.cookie } });
    expect([head.status, head.headers["content-length"], head.body.length]).toEqual([200, String(BIG), 0]);

    const audit = await db().selectFrom("auditLog").select(["action", "actorEmail"]).where("action", "=", "file.download").execute();
    expect(audit).toEqual([
      { action: "file.download", actorEmail: clientA.email },
      { action: "file.download", actorEmail: clientA.email },
    ]);
  });

  test("A client of another company gets 404 for the file, its thumbnail and an attachment, like an unknown id; a guest is sent to sign in; a recruiter is refused", async () => {
    await uploadFile(clientA, projectId, await fx.png(), "logo.png");
    await attach(clientA, await fx.png(), "photo.png");
    const file = await versionId();
    const attachment = await attachmentId();
    for (const url of [
      `/files/${file}`,
      `/files/${file}/thumbnail`,
      `/attachments/${attachment}`,
      `/attachments/${attachment}/thumbnail`,
    ]) {
      expect((await viaDirect(server, url, clientB)).status, url).toBe(404);
      expect((await viaDirect(server, url, null)).headers.location, url).toBe("/login");
      expect((await viaDirect(server, url, recruiter)).status, url).toBe(403);
      expect((await viaDirect(server, url, clientA)).status, url).toBe(200);
    }
    expect((await viaDirect(server, "/files/00000000-0000-4000-8000-000000000000", clientA)).status).toBe(404);
    expect((await viaDirect(server, "/attachments/nope", clientA)).status).toBe(404);
    expect(await db().selectFrom("auditLog").select("action").where("actorEmail", "=", clientB.email).execute()).toEqual([]);
  });

  test("Every answer is the resource route's, status, headers and bytes, for files, attachments and their previews", async () => {
    await uploadFile(clientA, projectId, await fx.png(), "logo.png");
    await attach(clientA, await fx.png(), "photo.png");
    const file = await versionId();
    const attachment = await attachmentId();
    const sha = (await db().selectFrom("fileVersions").select("sha256").executeTakeFirstOrThrow()).sha256;
    const cases: Array<[RouteFn, string, string, TestUser | null, Record<string, string>]> = [
      [fileLoader, `/files/${file}`, file, clientA, {}],
      [fileLoader, `/files/${file}`, file, staff, { Range: "bytes=5-20" }],
      [fileLoader, `/files/${file}`, file, clientA, { Range: "bytes=999999-" }],
      [fileLoader, `/files/${file}`, file, clientA, { "If-None-Match": `"${sha}"` }],
      [fileLoader, `/files/${file}`, file, clientB, {}],
      [fileLoader, `/files/${file}`, file, null, {}],
      [fileLoader, `/files/${file}`, file, recruiter, {}],
      [fileThumbnailLoader, `/files/${file}/thumbnail`, file, clientA, {}],
      [attachmentLoader, `/attachments/${attachment}`, attachment, clientA, { Range: "bytes=-100" }],
      [attachmentLoader, `/attachments/${attachment}`, attachment, staff, {}],
      [attachmentThumbnailLoader, `/attachments/${attachment}/thumbnail`, attachment, clientA, {}],
      [attachmentThumbnailLoader, `/attachments/${attachment}/thumbnail`, attachment, clientB, {}],
    ];
    for (const [loader, url, id, who, headers] of cases) {
      const label = `${url} ${who?.email ?? "guest"} ${JSON.stringify(headers)}`;
      expect(directShape(await viaDirect(server, url, who, headers)), label).toEqual(await viaRoute(loader, url, id, who, headers));
    }
    // The attachment's preview is shown in an <img>: inline, still never sniffed or kept.
    const preview = await viaDirect(server, `/attachments/${attachment}/thumbnail`, clientA);
    expect([preview.headers["content-type"], preview.headers["content-disposition"], preview.headers["cache-control"]]).toEqual([
      "image/webp",
      undefined,
      "private, no-store",
    ]);
  });

  test("A client that drops the connection mid-download leaves no file open, and the next download is whole", async () => {
    const bytes = paddedPdf(BIG);
    await uploadFile(clientA, projectId, bytes, "big.pdf");
    const { id, storageKey } = await db().selectFrom("fileVersions").select(["id", "storageKey"]).executeTakeFirstOrThrow();
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${server.url}/files/${id}`, { headers: { Cookie: clientA.cookie }, agent: false }, (response) => {
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", () => {});
      request.on("close", () => resolve());
      setTimeout(() => reject(new Error("no bytes came")), 10_000);
    });
    if (storage.name === "local disk") {
      const stored = path.join(getEnv().STORAGE_DIR, ...storageKey.split("/"));
      for (let waited = 0; openDescriptorsOf(stored) > 0 && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(openDescriptorsOf(stored)).toBe(0);
    }
    const again = await viaDirect(server, `/files/${id}`, clientA);
    expect(again.body.equals(bytes)).toBe(true);
  });
});

describe("sending a file from local disk", () => {
  test("The bytes go out whole through at most four reused buffers, and a range only that slice", async () => {
    const store = createLocalFileStore(tempDir("send-range-"));
    const bytes = Buffer.from(Array.from({ length: 5_000_000 }, (_, i) => (i * 7) % 256));
    const temp = path.join(store.tempDir(), "seed.part");
    writeFileSync(temp, bytes);
    await store.putFromFile("projects/p/v1", temp, "application/pdf");

    const received: Buffer[] = [];
    const memories = new Set<ArrayBufferLike>();
    // A slow socket: each write completes a little later, so the sender must wait for it.
    const socket = new Writable({
      highWaterMark: SEND_CHUNK,
      write(chunk: Buffer, _encoding, callback) {
        received.push(Buffer.from(chunk));
        memories.add(chunk.buffer);
        setTimeout(callback, 1);
      },
    });
    const opened = await store.open("projects/p/v1");
    expect(opened.size).toBe(bytes.length);
    await opened.writeTo(socket);
    expect(Buffer.concat(received).equals(bytes)).toBe(true);
    expect(memories.size).toBeLessThanOrEqual(4);

    received.length = 0;
    const slice = await store.open("projects/p/v1", { start: 4_000_000, end: 9_999_999 });
    await slice.writeTo(socket);
    expect(Buffer.concat(received).equals(bytes.subarray(4_000_000))).toBe(true);
  });
});
