import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RESUME_MAX_BYTES } from "~/lib/constants";
import {
  MalformedForm,
  parseApplicationForm,
  resumeKey,
  sanitizeFilename,
  sniffResume,
  UploadRejected,
} from "~/server/uploads/resume-upload.server";
import { createLocalFileStore, type FileStore } from "~/server/storage/storage.server";
import * as legacy from "../fixtures/legacy-office";
import * as make from "../fixtures/make-files";
import * as files from "../fixtures/project-files";
import { startS3, type TestS3 } from "../helpers/s3";
import { tempDir } from "../helpers/temp-dirs";

const URL_ = "http://localhost/apply/x";
function newStore(): { root: string; store: FileStore } {
  const root = tempDir("uploads-");
  return { root, store: createLocalFileStore(root) };
}

/** Every file under the store root, temp files included. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

function applyRequest(
  bytes?: Buffer,
  name = "cv.pdf",
  type = "application/pdf",
  fields: Record<string, string> = { name: "Jane", email: "jane@example.com" },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (bytes) form.append("resume", new File([new Uint8Array(bytes)], name, { type }));
  return new Request(URL_, { method: "POST", body: form });
}

async function expectRejected(request: Request, store: FileStore, root: string, reason: "type" | "size") {
  const error = await parseApplicationForm(request, store).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UploadRejected);
  const rejected = error as UploadRejected;
  expect(rejected.reason).toBe(reason);
  expect(rejected.message).toBe(reason === "type" ? "Only PDF or Word documents are allowed." : "File size must be less than 10 MB.");
  expect(filesUnder(root)).toEqual([]);
}

async function expectMalformed(request: Request, store: FileStore, root: string) {
  await expect(parseApplicationForm(request, store)).rejects.toBeInstanceOf(MalformedForm);
  expect(filesUnder(root)).toEqual([]);
}

/** A hand-written multipart body streamed chunk by chunk, for cut-offs and aborts. */
function streamedRequest(parts: { head: string; chunks: () => Iterator<Uint8Array | "hang" | "error"> }, signal?: AbortSignal) {
  const iterator = parts.chunks();
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(parts.head));
    },
    pull(controller) {
      const next = iterator.next();
      if (next.done) return controller.close();
      if (next.value === "hang") return new Promise<void>(() => {});
      if (next.value === "error") return controller.error(new Error("socket hang up"));
      pulled += next.value.length;
      controller.enqueue(next.value);
    },
  });
  const init = { method: "POST", body, signal, duplex: "half", headers: { "content-type": "multipart/form-data; boundary=XyZ" } };
  return { request: new Request(URL_, init as RequestInit), pulled: () => pulled };
}

const FILE_HEAD =
  '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nJane\r\n' +
  '--XyZ\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n';

test("A real PDF is accepted and is byte-identical after commit", async () => {
  const { root, store } = newStore();
  const bytes = make.pdf();
  const { fields, resume } = await parseApplicationForm(applyRequest(bytes), store);
  expect(fields).toEqual({ name: "Jane", email: "jane@example.com" });
  expect(resume).toMatchObject({ kind: "pdf", contentType: "application/pdf", size: bytes.length, originalName: "cv.pdf" });
  const key = resumeKey("guest", 1_700_000_000_000, resume!.originalName);
  await resume!.commit(key);
  expect(key).toBe("resumes/guest_1700000000000_cv.pdf");
  expect(readFileSync(path.join(root, key))).toEqual(bytes);
  expect(filesUnder(root)).toEqual([path.join("resumes", "guest_1700000000000_cv.pdf")]);
});

test("A real DOCX is accepted as docx and stored byte-identical", async () => {
  const { root, store } = newStore();
  const bytes = make.docx();
  const docxType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
  const { resume } = await parseApplicationForm(applyRequest(bytes, "CV 2024.docx", docxType), store);
  expect(resume).toMatchObject({ kind: "docx", contentType: docxType, originalName: "CV 2024.docx" });
  await resume!.commit("resumes/u1_1_CV 2024.docx");
  expect(readFileSync(path.join(root, "resumes/u1_1_CV 2024.docx"))).toEqual(bytes);
  expect(readdirSync(store.tempDir())).toEqual([]);
});

test("A real Word 97 .doc (compound file with a WordDocument stream) is accepted as doc", async () => {
  const { root, store } = newStore();
  const bytes = make.doc();
  const { resume } = await parseApplicationForm(applyRequest(bytes, "cv.doc", "application/msword"), store);
  expect(resume).toMatchObject({ kind: "doc", contentType: "application/msword", originalName: "cv.doc" });
  await resume!.commit("resumes/u1_1_cv.doc");
  expect(readFileSync(path.join(root, "resumes/u1_1_cv.doc"))).toEqual(bytes);
});

test("A renamed executable is refused and nothing is stored", async () => {
  const { root, store } = newStore();
  await expectRejected(applyRequest(make.elf(), "cv.pdf"), store, root, "type");
  await expectRejected(applyRequest(make.pe(), "cv.docx"), store, root, "type");
});

test("HTML named .pdf is refused", async () => {
  const { root, store } = newStore();
  await expectRejected(applyRequest(make.html(), "cv.pdf", "application/pdf"), store, root, "type");
});

test("An HTML file with a PDF header later on (a polyglot) is refused", async () => {
  const { root, store } = newStore();
  await expectRejected(applyRequest(make.polyglot(), "cv.pdf"), store, root, "type");
});

test("A macro-enabled document is refused, even named .docx", async () => {
  const { root, store } = newStore();
  await expectRejected(applyRequest(make.docm(), "cv.docx"), store, root, "type");
  await expectRejected(applyRequest(make.docxWithHiddenMacros(), "cv.docx"), store, root, "type");
});

test("A legacy Word document with macros is refused like a .docm (decision 0043)", async () => {
  const { root, store } = newStore();
  await expectRejected(applyRequest(files.docWithMacros(), "cv.doc"), store, root, "type");
  await expectRejected(applyRequest(legacy.docEmbeddingMacros(), "cv.doc"), store, root, "type");
});

test("A ZIP that is not a Word document is refused", async () => {
  const { root, store } = newStore();
  await expectRejected(applyRequest(make.zipWithoutDocument(), "cv.docx"), store, root, "type");
});

test("A compound file without a WordDocument stream is refused", async () => {
  const { root, store } = newStore();
  await expectRejected(applyRequest(make.xls(), "cv.doc"), store, root, "type");
});

test("A DOCX zip bomb is refused from its central directory alone", async () => {
  const { root, store } = newStore();
  await expectRejected(applyRequest(make.docxDeclaringHugeSize(), "cv.docx"), store, root, "type");
  await expectRejected(applyRequest(make.docxWithManyEntries(5_001), "cv.docx"), store, root, "type");
});

test("A DOCX with a few thousand entries is still accepted", async () => {
  const { store } = newStore();
  const { resume } = await parseApplicationForm(applyRequest(make.docxWithManyEntries(4_000), "cv.docx"), store);
  expect(resume?.kind).toBe("docx");
  await resume!.discard();
});

test("An empty file is refused as a type error", async () => {
  const { root, store } = newStore();
  await expectRejected(applyRequest(Buffer.alloc(0), "cv.pdf"), store, root, "type");
});

test("An empty file input without a name counts as no resume", async () => {
  const { root, store } = newStore();
  const form = new FormData();
  form.append("name", "Jane");
  form.append("resume", new File([], "", { type: "application/octet-stream" }));
  const parsed = await parseApplicationForm(new Request(URL_, { method: "POST", body: form }), store);
  expect(parsed).toEqual({ fields: { name: "Jane" }, resume: null });
  expect(filesUnder(root)).toEqual([]);
});

test("A guest can apply without a resume", async () => {
  const { store } = newStore();
  expect((await parseApplicationForm(applyRequest(), store)).resume).toBeNull();
});

test("A file of exactly 10485760 bytes is accepted", async () => {
  const { root, store } = newStore();
  const bytes = make.paddedPdf(RESUME_MAX_BYTES);
  const { resume } = await parseApplicationForm(applyRequest(bytes), store);
  expect(resume?.size).toBe(10_485_760);
  await resume!.commit("resumes/guest_1_cv.pdf");
  expect(readFileSync(path.join(root, "resumes/guest_1_cv.pdf")).equals(bytes)).toBe(true);
});

test("A file of 10485761 bytes is refused as too large", async () => {
  const { root, store } = newStore();
  await expectRejected(applyRequest(make.paddedPdf(RESUME_MAX_BYTES + 1)), store, root, "size");
});

test("An oversized upload stops being read soon after the limit", async () => {
  const { root, store } = newStore();
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const { request, pulled } = streamedRequest({
    head: FILE_HEAD,
    *chunks() {
      for (let i = 0; i < 800; i++) yield chunk; // 50 MB if read to the end
    },
  });
  await expectRejected(request, store, root, "size");
  expect(pulled()).toBeLessThan(RESUME_MAX_BYTES + 1024 * 1024);
});

test("A body declaring a Content-Length far beyond the limit is refused before it is read", async () => {
  const { root, store } = newStore();
  const request = new Request(URL_, {
    method: "POST",
    body: "--XyZ--\r\n",
    headers: { "content-type": "multipart/form-data; boundary=XyZ", "content-length": String(50 * 1024 * 1024) },
  });
  await expectRejected(request, store, root, "size");
});

test("A wrong file type is refused as soon as its first bytes arrive", async () => {
  const { root, store } = newStore();
  const { request, pulled } = streamedRequest({
    head: FILE_HEAD.replace("%PDF-1.4\n", "MZ\x90\0\x03\0\0\0"),
    *chunks() {
      for (let i = 0; i < 100; i++) yield new Uint8Array(64 * 1024);
    },
  });
  await expectRejected(request, store, root, "type");
  expect(pulled()).toBeLessThan(1024 * 1024);
});

test("A client abort mid-upload removes the temp file and throws", async () => {
  const { root, store } = newStore();
  const client = new AbortController();
  const { request } = streamedRequest(
    {
      head: FILE_HEAD,
      *chunks() {
        yield new Uint8Array(256 * 1024).fill(0x20);
        yield "hang";
      },
    },
    client.signal,
  );
  const parsing = parseApplicationForm(request, store).catch((e: unknown) => e);
  await expect.poll(() => readdirSync(store.tempDir()).length).toBe(1);
  client.abort();
  expect(await parsing).toBeInstanceOf(MalformedForm);
  expect(filesUnder(root)).toEqual([]);
});

test("A body that breaks off mid-file is refused as malformed, leaving nothing", async () => {
  const { root, store } = newStore();
  const { request } = streamedRequest({
    head: FILE_HEAD,
    *chunks() {
      yield new Uint8Array(128 * 1024).fill(0x20);
      yield "error";
    },
  });
  await expectMalformed(request, store, root);

  const truncated = streamedRequest({
    head: FILE_HEAD,
    *chunks() {
      yield new Uint8Array(1024).fill(0x20); // and no closing boundary
    },
  });
  await expectMalformed(truncated.request, store, root);
});

test("A body that is not multipart/form-data is refused as malformed", async () => {
  const { root, store } = newStore();
  await expectMalformed(new Request(URL_, { method: "POST", body: new URLSearchParams({ name: "Jane" }) }), store, root);
  await expectMalformed(new Request(URL_, { method: "POST", body: "{}", headers: { "content-type": "application/json" } }), store, root);
  await expectMalformed(
    new Request(URL_, { method: "POST", body: "garbage", headers: { "content-type": "multipart/form-data; boundary=XyZ" } }),
    store,
    root,
  );
});

test("Too many fields, an overlong field or a second file is refused as malformed", async () => {
  const { root, store } = newStore();
  const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, "x"]));
  await expectMalformed(applyRequest(make.pdf(), "cv.pdf", "application/pdf", many), store, root);
  await expectMalformed(applyRequest(undefined, "", "", { message: "x".repeat(20_001) }), store, root);

  const twoFiles = new FormData();
  twoFiles.append("resume", new File([new Uint8Array(make.pdf())], "a.pdf"));
  twoFiles.append("resume", new File([new Uint8Array(make.pdf())], "b.pdf"));
  await expectMalformed(new Request(URL_, { method: "POST", body: twoFiles }), store, root);

  await expectMalformed(applyRequest(undefined, "", "", { resume: "%PDF-1.4 sent as text" }), store, root);

  const otherFile = new FormData();
  otherFile.append("avatar", new File([new Uint8Array(make.pdf())], "a.pdf"));
  await expectMalformed(new Request(URL_, { method: "POST", body: otherFile }), store, root);
});

test("Fields come back as plain strings; __proto__ is just a key and a field may be 20 000 characters", async () => {
  const { store } = newStore();
  const fields = { __proto__: "x", constructor: "y", message: "é".repeat(20_000) };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("__proto__", "x");
  const parsed = await parseApplicationForm(new Request(URL_, { method: "POST", body: form }), store);
  expect(parsed.fields.message).toHaveLength(20_000);
  expect(parsed.fields.constructor).toBe("y");
  expect(Object.getPrototypeOf(parsed.fields)).toBeNull();
  expect(({} as Record<string, unknown>).x).toBeUndefined();
});

test("Path traversal and NUL in the file name never reach the file system", async () => {
  const { root, store } = newStore();
  const { resume } = await parseApplicationForm(applyRequest(make.pdf(), "../../etc/passwd.pdf"), store);
  expect(resume?.originalName).toBe("passwd.pdf");
  const key = resumeKey("guest", 42, resume!.originalName);
  await resume!.commit(key);
  expect(key).toBe("resumes/guest_42_passwd.pdf");

  // A raw NUL in a part header is malformed; an encoded one (filename*=) reaches the sanitizer.
  await expectMalformed(applyRequest(make.pdf(), "evil.pdf\0.exe"), store, path.join(root, ".tmp"));
  const encoded = streamedRequest({
    head:
      "--XyZ\r\nContent-Disposition: form-data; name=\"resume\"; filename*=UTF-8''..%2F..%2Fevil.pdf%00.exe\r\n" +
      "Content-Type: application/pdf\r\n\r\n",
    *chunks() {
      yield new Uint8Array(make.pdf());
      yield new TextEncoder().encode("\r\n--XyZ--\r\n");
    },
  });
  const nul = await parseApplicationForm(encoded.request, store);
  expect(nul.resume?.originalName).toBe("evil.pdf.exe.pdf");
  await nul.resume!.commit(resumeKey("guest", 43, nul.resume!.originalName));

  expect(filesUnder(root).sort()).toEqual([path.join("resumes", "guest_42_passwd.pdf"), path.join("resumes", "guest_43_evil.pdf.exe.pdf")]);
});

test("A name is given the extension of the file's real type", async () => {
  const { store } = newStore();
  const { resume } = await parseApplicationForm(applyRequest(make.pdf(), "cv.html", "text/html"), store);
  expect(resume).toMatchObject({ kind: "pdf", originalName: "cv.html.pdf", contentType: "application/pdf" });
  const unnamed = await parseApplicationForm(applyRequest(make.docx(), "", "application/octet-stream"), store);
  expect(unnamed.resume?.originalName).toBe("resume.docx");
});

test("Discarding a pending resume removes its temp file and can be repeated", async () => {
  const { root, store } = newStore();
  const { resume } = await parseApplicationForm(applyRequest(make.pdf()), store);
  expect(filesUnder(root)).toHaveLength(1);
  await resume!.discard();
  await resume!.discard();
  expect(filesUnder(root)).toEqual([]);
});

test("File names are reduced to a safe basename of at most 100 characters", () => {
  expect(sanitizeFilename("../../etc/passwd.pdf")).toBe("passwd.pdf");
  expect(sanitizeFilename("C:\\Users\\jane\\My CV.docx")).toBe("My CV.docx");
  expect(sanitizeFilename("cv\0.pdf")).toBe("cv.pdf");
  expect(sanitizeFilename("Résumé  final!!.pdf")).toBe("Resume final.pdf");
  expect(sanitizeFilename("cv\u202Efdp.exe")).toBe("cvfdp.exe");
  expect(sanitizeFilename("a..b...pdf")).toBe("a.b.pdf");
  expect(sanitizeFilename("...")).toBe("resume");
  expect(sanitizeFilename("")).toBe("resume");
  expect(sanitizeFilename(".pdf")).toBe("resume.pdf");
  expect(sanitizeFilename("履歴書.pdf")).toBe("resume.pdf");
  expect(sanitizeFilename("<script>.pdf")).toBe("script.pdf");
  const long = sanitizeFilename(`${"a".repeat(300)}.docx`);
  expect(long).toHaveLength(100);
  expect(long.endsWith(".docx")).toBe(true);
});

test("Resume keys follow resumes/{owner}_{timestamp}_{name} and refuse odd owners", () => {
  expect(resumeKey("guest", 1, "../x/cv.pdf")).toBe("resumes/guest_1_cv.pdf");
  expect(resumeKey("3f2a-uid", 1700000000000, "My CV.pdf")).toBe("resumes/3f2a-uid_1700000000000_My CV.pdf");
  expect(() => resumeKey("../etc", 1, "cv.pdf")).toThrow();
  expect(() => resumeKey("a/b", 1, "cv.pdf")).toThrow();
  expect(() => resumeKey("guest", -1, "cv.pdf")).toThrow();
});

test("The sniffer reads real bytes, whatever the name", async () => {
  const { root } = newStore();
  const cases: [Buffer, string | null][] = [
    [make.pdf(), "pdf"],
    [make.docx(), "docx"],
    [make.doc(), "doc"],
    [make.docm(), null],
    [make.xls(), null],
    [make.docWithDirectoryLoop(), null],
    [make.elf(), null],
    [make.polyglot(), null],
    [Buffer.from("%PDF-1.4\n<html><script>alert(1)</script></html>\n"), null],
    [make.pdfWithHtml(), null],
    [make.pdfWithJavaScript(), null],
    [make.pdfMentioningScripts(), "pdf"],
    [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3]), null],
    [Buffer.from("PK\x03\x04 not really a zip"), null],
    [make.docxWithLongNames(3_000, 700), "docx"], // a central directory larger than the cached tail
  ];
  for (const [bytes, kind] of cases) {
    const file = path.join(root, "sample.pdf");
    writeFileSync(file, bytes);
    expect(await sniffResume(file)).toBe(kind);
  }
});

describe("Uploads to S3 storage", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => s3.stop());

  /** A store on a new bucket; `left()` is everything in the bucket plus the local temp dir. */
  async function newS3Store() {
    const bucket = await s3.createBucket();
    const { root } = newStore();
    const store = s3.fileStore(bucket, path.join(root, ".tmp"));
    const left = async () => [...(await store.list("")), ...filesUnder(root)];
    return { store, root, left };
  }

  test("A real PDF is committed to the bucket byte-identical and its temp file is gone", async () => {
    const { store, left } = await newS3Store();
    const bytes = make.paddedPdf(RESUME_MAX_BYTES);
    const { resume } = await parseApplicationForm(applyRequest(bytes), store);
    await resume!.commit("resumes/guest_1_cv.pdf");
    const stored = await store.read("resumes/guest_1_cv.pdf");
    expect(stored).toMatchObject({ size: RESUME_MAX_BYTES, contentType: "application/pdf" });
    expect(Buffer.concat(await stored.stream.toArray()).equals(bytes)).toBe(true);
    expect(await left()).toEqual(["resumes/guest_1_cv.pdf"]);
  });

  test("A client abort mid-upload leaves nothing in the bucket or the temp dir", async () => {
    const { store, left } = await newS3Store();
    const client = new AbortController();
    const { request } = streamedRequest(
      {
        head: FILE_HEAD,
        *chunks() {
          yield new Uint8Array(256 * 1024).fill(0x20);
          yield "hang";
        },
      },
      client.signal,
    );
    const parsing = parseApplicationForm(request, store).catch((e: unknown) => e);
    await expect.poll(() => readdirSync(store.tempDir()).length).toBe(1);
    client.abort();
    expect(await parsing).toBeInstanceOf(MalformedForm);
    expect(await left()).toEqual([]);
  });

  test("A refused file never reaches the bucket", async () => {
    const { store, left } = await newS3Store();
    await expect(parseApplicationForm(applyRequest(make.polyglot(), "cv.pdf"), store)).rejects.toBeInstanceOf(UploadRejected);
    await expect(parseApplicationForm(applyRequest(make.paddedPdf(RESUME_MAX_BYTES + 1)), store)).rejects.toBeInstanceOf(UploadRejected);
    expect(await left()).toEqual([]);
  });
});
