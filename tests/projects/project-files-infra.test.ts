import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { attachmentDisposition } from "~/server/http/attachment.server";
import { parseRange, sendStoredFile } from "~/server/http/send-file.server";
import { createLocalFileStore, type FileStore } from "~/server/storage/storage.server";
import { fileNameKey, sanitizeFileName, sniffFileKind, withKindExtension } from "~/server/uploads/file-kinds.server";
import { parseUploadForm, UploadRejected } from "~/server/uploads/project-upload.server";
import { renderThumbnail } from "~/server/uploads/thumbnails.server";
import { doc, docm, docx, elf, html, pdf, pdfWithJavaScript, pe, polyglot, xls } from "../fixtures/make-files";
import * as legacy from "../fixtures/legacy-office";
import * as files from "../fixtures/project-files";
import { startS3, type TestS3 } from "../helpers/s3";
import { tempDir } from "../helpers/temp-dirs";

// The upload pipeline's parts, shared by project files and support attachments.

function onDisk(bytes: Buffer, name = "f.bin"): string {
  const file = path.join(tempDir("sniff-"), name);
  writeFileSync(file, bytes);
  return file;
}

async function kindOf(bytes: Buffer | Promise<Buffer>, name = "upload"): Promise<string> {
  const verdict = await sniffFileKind(onDisk(await bytes), name);
  return verdict.ok ? verdict.kind : `refused:${verdict.reason}`;
}

describe("the allow-list is read from the bytes", () => {
  test("PDF, images, SVG, text, CSV, Office and ZIP files are recognised whatever their names", async () => {
    expect(await kindOf(pdf(), "a.txt")).toBe("pdf");
    expect(await kindOf(files.png())).toBe("png");
    expect(await kindOf(files.jpeg())).toBe("jpeg");
    expect(await kindOf(files.gif())).toBe("gif");
    expect(await kindOf(files.webp())).toBe("webp");
    expect(await kindOf(files.svg(), "logo.svg")).toBe("svg");
    expect(await kindOf(files.svg(), "logo")).toBe("svg");
    expect(await kindOf(Buffer.from("Hello, 世界\n"), "notes.txt")).toBe("txt");
    expect(await kindOf(files.csv(), "data.csv")).toBe("csv");
    expect(await kindOf(docx())).toBe("docx");
    expect(await kindOf(files.xlsx())).toBe("xlsx");
    expect(await kindOf(files.pptx())).toBe("pptx");
    expect(await kindOf(doc())).toBe("doc");
    expect(await kindOf(xls())).toBe("xls");
    expect(await kindOf(files.plainZip())).toBe("zip");
  });

  test("Renamed executables are refused, including Java programs", async () => {
    expect(await kindOf(pe(), "invoice.pdf")).toBe("refused:executable");
    expect(await kindOf(elf(), "photo.png")).toBe("refused:executable");
    expect(await kindOf(Buffer.from("#!/bin/sh\nrm -rf /\n"), "notes.txt")).toBe("refused:executable");
    expect(await kindOf(files.jar(), "assets.zip")).toBe("refused:executable");
  });

  test("Text that merely starts with MZ is still text", async () => {
    expect(await kindOf(Buffer.from("MZ Corp meeting notes\n"), "notes.txt")).toBe("txt");
  });

  test("Office documents with macros are refused", async () => {
    expect(await kindOf(docm())).toBe("refused:macros");
    expect(await kindOf(files.xlsm(), "book.xlsx")).toBe("refused:macros");
    expect(await kindOf(files.docWithMacros())).toBe("refused:macros");
  });

  test("Legacy Office files with macros are refused: a .ppt's VBA project, Excel 4.0 macro sheets, Excel 95 and embedded VBA projects", async () => {
    expect(await kindOf(legacy.ppt({ macros: true }), "deck.ppt")).toBe("refused:macros");
    expect(await kindOf(legacy.ppt({ macros: true, padding: 20_000 }), "deck.ppt")).toBe("refused:macros");
    expect(await kindOf(legacy.xlsWithMacroSheet(), "book.xls")).toBe("refused:macros");
    expect(await kindOf(legacy.xls95WithVba(), "book.xls")).toBe("refused:macros");
    expect(await kindOf(legacy.docEmbeddingMacros(), "letter.doc")).toBe("refused:macros");
  });

  test("Legacy Office files without macros pass, small or large; encrypted workbooks and presentations are refused as unreadable", async () => {
    expect(await kindOf(legacy.ppt(), "deck.ppt")).toBe("ppt");
    expect(await kindOf(legacy.ppt({ padding: 20_000 }), "deck.ppt")).toBe("ppt");
    expect(await kindOf(legacy.xlsWithWorksheets(), "book.xls")).toBe("xls");
    expect(await kindOf(legacy.encryptedXls(), "book.xls")).toBe("refused:encrypted");
    expect(await kindOf(legacy.encryptedPpt(), "deck.ppt")).toBe("refused:encrypted");
  });

  test("A ZIP that inflates far beyond its size is refused", async () => {
    expect(await kindOf(files.zipBomb())).toBe("refused:bomb");
  });

  test("Polyglots and fakes are refused: an image with a ZIP glued on, a PDF with scripts, a fake PNG, HTML", async () => {
    expect(await kindOf(files.pngWithZip())).toBe("refused:polyglot");
    expect(await kindOf(pdfWithJavaScript())).toBe("refused:polyglot");
    expect(await kindOf(files.fakePng())).toBe("refused:type");
    expect(await kindOf(polyglot())).toBe("refused:type");
    expect(await kindOf(html(), "page.txt")).toBe("refused:type");
    expect(await kindOf(Buffer.from("text\0with a NUL"))).toBe("refused:type");
    expect(await kindOf(Buffer.from([0xff, 0xfe, 0x41, 0x42, 0xc3]))).toBe("refused:type");
  });
});

describe("names", () => {
  test("A name loses its path, control characters and quotes, keeps its letters, and never ends up empty", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("C:\\Users\\me\\..\\brief.pdf")).toBe("brief.pdf");
    expect(sanitizeFileName("evil\u0000\u202ename\r\n.pdf")).toBe("evilname.pdf");
    expect(sanitizeFileName('a "quoted"<name>.pdf')).toBe("a _quoted_name.pdf");
    expect(sanitizeFileName("Café brief.docx")).toBe("Café brief.docx");
    expect(sanitizeFileName("..")).toBe("file");
    expect(sanitizeFileName(".htaccess")).toBe("htaccess");
    expect(sanitizeFileName(`${"x".repeat(300)}.pdf`)).toHaveLength(120);
  });

  test("A name gets the extension of its real kind, and the same name in another case is the same file", () => {
    expect(withKindExtension("cv.html", "pdf")).toBe("cv.html.pdf");
    expect(withKindExtension("photo.JPG", "jpeg")).toBe("photo.JPG");
    expect(fileNameKey("Brief.PDF")).toBe(fileNameKey("brief.pdf"));
  });

  test("The download's Content-Disposition is an attachment with an ASCII name and the real one", () => {
    expect(attachmentDisposition('Café "x".pdf')).toBe(`attachment; filename="Cafe \\"x\\".pdf"; filename*=UTF-8''Caf%C3%A9%20%22x%22.pdf`);
    expect(attachmentDisposition("brief.pdf")).toBe("attachment; filename=brief.pdf");
    expect(attachmentDisposition("Q3 report.pdf")).toBe('attachment; filename="Q3 report.pdf"');
    // A line break in a stored name never reaches the header.
    expect(attachmentDisposition("a\r\nSet-Cookie: x.pdf")).toBe('attachment; filename="a  Set-Cookie: x.pdf"');
  });
});

describe("byte ranges", () => {
  test("Ranges are read as HTTP means them: a-b, a-, -n; past the end is unsatisfiable; nonsense is ignored", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=50-5000", 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBeNull();
    expect(parseRange("bytes=9-1", 100)).toBeNull();
  });
});

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => s3.stop());

const backends: Array<{ name: string; create(): Promise<FileStore> }> = [
  { name: "local disk", create: async () => createLocalFileStore(tempDir("files-store-")) },
  { name: "S3", create: async () => s3.fileStore(await s3.createBucket(), tempDir("files-s3-tmp-"), "uploads") },
];

const BYTES = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
const SHA = "deadbeef";

describe.each(backends)("storage and the responder on $name", (backend) => {
  async function stored(): Promise<FileStore> {
    const store = await backend.create();
    const temp = path.join(store.tempDir(), "seed.part");
    writeFileSync(temp, BYTES);
    await store.putFromFile("projects/p/f/v1", temp, "application/pdf");
    return store;
  }
  const file = { key: "projects/p/f/v1", size: BYTES.length, sha256: SHA, contentType: "application/pdf", filename: "brief.pdf" };

  test("A range read streams only that slice and reports the whole size", async () => {
    const store = await stored();
    const { stream, size } = await store.read("projects/p/f/v1", { start: 9_000, end: 9_999 });
    expect(size).toBe(BYTES.length);
    expect((await buffer(stream)).equals(BYTES.subarray(9_000))).toBe(true);
  });

  test("A download is a private attachment with an ETag, and a Range answers 206 with only those bytes", async () => {
    const store = await stored();
    const whole = await sendStoredFile(new Request("http://x/"), store, file);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole.headers.get("cache-control")).toBe("no-store");
    expect(whole.headers.get("etag")).toBe(`"${SHA}"`);
    expect(Buffer.from(await whole.arrayBuffer()).equals(BYTES)).toBe(true);

    const part = await sendStoredFile(new Request("http://x/", { headers: { Range: "bytes=-1000" } }), store, file);
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 9000-9999/${BYTES.length}`);
    expect(part.headers.get("content-length")).toBe("1000");
    expect(Buffer.from(await part.arrayBuffer()).equals(BYTES.subarray(9_000))).toBe(true);
  });

  test("A range past the end answers 416; a matching If-None-Match 304; a stale If-Range the whole file", async () => {
    const store = await stored();
    const past = await sendStoredFile(new Request("http://x/", { headers: { Range: "bytes=10000-" } }), store, file);
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${BYTES.length}`);
    const same = await sendStoredFile(new Request("http://x/", { headers: { "If-None-Match": `"${SHA}"` } }), store, file);
    expect(same.status).toBe(304);
    const stale = await sendStoredFile(new Request("http://x/", { headers: { Range: "bytes=0-9", "If-Range": '"other"' } }), store, file);
    expect(stale.status).toBe(200);
    await stale.body?.cancel();
    const fresh = await sendStoredFile(new Request("http://x/", { headers: { Range: "bytes=0-9", "If-Range": `"${SHA}"` } }), store, file);
    expect(fresh.status).toBe(206);
    await fresh.body?.cancel();
  });
});

function multipart(parts: Array<[string, Buffer | string, string?]>, fields: Record<string, string> = {}): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, bytes, filename] of parts) {
    if (typeof bytes === "string") form.append(field, bytes);
    else form.append(field, new Blob([new Uint8Array(bytes)]), filename ?? "upload");
  }
  return new Request("http://x/upload", { method: "POST", body: form });
}

describe("the multipart upload parser", () => {
  test("Several files stream to temp files with their hashes, sniffed kinds and sanitised names", async () => {
    const store = createLocalFileStore(tempDir("parse-"));
    const parsed = await parseUploadForm(
      multipart(
        [
          ["files", pdf(), "../Brief.pdf"],
          ["files", await files.png(), "logo"],
        ],
        { note: "hi" },
      ),
      { maxFiles: 5, maxFileBytes: 1_000_000 },
      store,
    );
    expect(parsed.fields.note).toBe("hi");
    expect(parsed.files.map((file) => [file.name, file.kind, file.size])).toEqual([
      ["Brief.pdf", "pdf", pdf().length],
      ["logo.png", "png", parsed.files[1]!.size],
    ]);
    expect(parsed.files[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    await parsed.files[0]!.commit("projects/a/b/v1");
    await parsed.discardAll();
    expect(await store.exists("projects/a/b/v1")).toBe(true);
    expect(readdirSync(store.tempDir())).toEqual([]);
  });

  test("A file over the limit is refused while it streams, and nothing is left in temp", async () => {
    const store = createLocalFileStore(tempDir("parse-"));
    const refused = parseUploadForm(
      multipart([
        ["files", pdf(), "ok.pdf"],
        ["files", Buffer.alloc(2_000, 32), "big.txt"],
      ]),
      { maxFiles: 5, maxFileBytes: 1_024 },
      store,
    );
    await expect(refused).rejects.toMatchObject({ reason: "size", status: 413 });
    await expect(refused).rejects.toThrow("“big.txt” is larger than 1 kB, the limit for one file.");
    expect(readdirSync(store.tempDir())).toEqual([]);
  });

  test("One refused file refuses the whole session; too many files and the total cap are refused too", async () => {
    const store = createLocalFileStore(tempDir("parse-"));
    const limits = { maxFiles: 2, maxFileBytes: 100_000 };
    await expect(
      parseUploadForm(
        multipart([
          ["files", pdf(), "a.pdf"],
          ["files", pe(), "b.pdf"],
        ]),
        limits,
        store,
      ),
    ).rejects.toBeInstanceOf(UploadRejected);
    await expect(
      parseUploadForm(
        multipart([
          ["files", pdf(), "a.pdf"],
          ["files", pdf(), "b.pdf"],
          ["files", pdf(), "c.pdf"],
        ]),
        limits,
        store,
      ),
    ).rejects.toMatchObject({ reason: "count" });
    await expect(
      parseUploadForm(
        multipart([
          ["files", pdf(), "a.pdf"],
          ["files", pdf(), "b.pdf"],
        ]),
        { ...limits, maxTotalBytes: pdf().length + 10, totalMessage: "Over quota." },
        store,
      ),
    ).rejects.toThrow("Over quota.");
    await expect(parseUploadForm(multipart([["files", Buffer.alloc(0), "empty.txt"]]), limits, store)).rejects.toMatchObject({
      reason: "empty",
    });
    expect(readdirSync(store.tempDir())).toEqual([]);
  });

  test("An upload cut off mid-way is refused as interrupted, and nothing is left in temp", async () => {
    const store = createLocalFileStore(tempDir("parse-"));
    const boundary = "matrixcut";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        else if (sent < 20) controller.enqueue(new Uint8Array(64 * 1024).fill(0x25));
        else controller.error(new Error("connection reset"));
        sent += 1;
      },
    });
    const request = new Request("http://x/upload", {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    await expect(parseUploadForm(request, { maxFiles: 2, maxFileBytes: 10_000_000 }, store)).rejects.toMatchObject({
      name: "MalformedUpload",
      status: 400,
    });
    expect(readdirSync(store.tempDir())).toEqual([]);
  });

  test("An empty file input is no file", async () => {
    const store = createLocalFileStore(tempDir("parse-"));
    const parsed = await parseUploadForm(multipart([["files", Buffer.alloc(0), ""]]), { maxFiles: 2, maxFileBytes: 1000 }, store);
    expect(parsed.files).toEqual([]);
    expect(readdirSync(store.tempDir())).toEqual([]);
  });
});

describe("thumbnails", () => {
  test("An image gets a small WebP made from its pixels; a PDF gets none", async () => {
    const store = createLocalFileStore(tempDir("thumb-"));
    const made = await renderThumbnail(onDisk(await files.png(1200, 600)), "png", store);
    expect(made).not.toBeNull();
    const meta = await sharp(made!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 160]);
    expect(await renderThumbnail(onDisk(pdf()), "pdf", store)).toBeNull();
    expect(existsSync(made!)).toBe(true);
  });
});
