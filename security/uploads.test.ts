import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeEach, describe, inject, test } from "vitest";
import * as make from "../tests/fixtures/make-files";
import { applicationFields, postMultipart } from "./helpers/client";
import { clearRateLimits, count, database } from "./helpers/database";
import { multipart, type FilePart, type Reply } from "./helpers/http";
import { tally, type Tally } from "./helpers/tally";
import { docxZipBomb } from "./helpers/zip-bomb";

const [world] = inject("worlds");
const server = world!.server;
const MAX = 10_485_760;
const TYPE_MESSAGE = "Only PDF or Word documents are allowed.";
const SIZE_MESSAGE = "File size must be less than 10 MB.";
const TARGETS = ["/apply/:id/submit", "/apply/:id"] as const;

beforeEach(async () => clearRateLimits(server));
afterAll(async () => clearRateLimits(server));

const text = (s: string) => Buffer.from(s, "latin1");

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
}

interface State {
  rows: number;
  mails: number;
  files: string[];
}

async function state(): Promise<State> {
  return {
    rows: await count(server, "job_applications"),
    mails: await count(server, "mail_outbox"),
    files: filesUnder(path.join(server.storageDir, "resumes")),
  };
}

/** The temporary upload directory empties once the server has let go of a refused file. */
async function tempDirEmpties(): Promise<boolean> {
  const dir = path.join(server.storageDir, ".tmp");
  for (let i = 0; i < 50; i++) {
    if (filesUnder(dir).length === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function apply(target: (typeof TARGETS)[number], file: FilePart, extra: Record<string, string> = {}): Promise<Reply> {
  return applicationFields(server).then((fields) =>
    postMultipart(server, target.replace(":id", world!.openings[0]), { ...fields, ...extra }, file),
  );
}

async function expectRefused(t: Tally, label: string, file: FilePart, status: number, message: string) {
  for (const target of TARGETS) {
    const before = await state();
    const started = performance.now();
    const reply = await apply(target, file);
    const ms = performance.now() - started;
    const after = await state();
    const name = `${label} to ${target}`;
    t.check(`${name} is answered ${status}`, reply.status === status, String(reply.status));
    t.check(`${name} says "${message}"`, reply.body.includes(message));
    t.check(`${name} stores no application and queues no mail`, after.rows === before.rows && after.mails === before.mails);
    t.check(`${name} stores no file`, after.files.length === before.files.length, after.files.join(", "));
    t.check(`${name} leaves no temporary file`, await tempDirEmpties());
    t.check(`${name} is answered within 5 s`, ms < 5_000, `${ms.toFixed(0)} ms`);
  }
}

describe("Uploads", () => {
  test("Files that are not what they claim are refused with the spec's message, and nothing is kept", async (context) => {
    const t = tally(context, "Uploads");
    const cases: [string, FilePart][] = [
      ["an HTML page with a PDF inside (polyglot)", { filename: "cv.pdf", bytes: make.polyglot() }],
      [
        "a PDF header followed by an HTML page and script",
        { filename: "cv.pdf", bytes: text("%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n") },
      ],
      ["a PDF that runs JavaScript when opened", { filename: "cv.pdf", bytes: make.pdfWithJavaScript() }],
      ["a PDF with an HTML script hidden before its end", { filename: "cv.pdf", bytes: make.pdfWithHtml() }],
      ["a Linux executable named .pdf", { filename: "cv.pdf", bytes: make.elf() }],
      ["a Windows executable named .pdf", { filename: "cv.pdf", type: "application/pdf", bytes: make.pe() }],
      ["an HTML page named .pdf", { filename: "cv.pdf", bytes: make.html() }],
      [
        "a macro-enabled document (.docm)",
        { filename: "cv.docm", type: "application/vnd.ms-word.document.macroEnabled.12", bytes: make.docm() },
      ],
      ["a .docm renamed .docx", { filename: "cv.docx", bytes: make.docm() }],
      ["a DOCX carrying vbaProject.bin", { filename: "cv.docx", bytes: make.docxWithHiddenMacros() }],
      ["a DOCX zip bomb", { filename: "cv.docx", bytes: docxZipBomb() }],
      ["an empty file", { filename: "cv.pdf", bytes: Buffer.alloc(0) }],
      ["an Excel workbook named .doc", { filename: "cv.doc", bytes: make.xls() }],
    ];
    for (const [label, file] of cases) await expectRefused(t, label, file, 415, TYPE_MESSAGE);
    const before = await state();
    const cv = await apply("/apply/:id/submit", { filename: "web-dev-cv.pdf", bytes: make.pdfMentioningScripts() });
    t.check(
      "a real CV whose text mentions <script> and Node/JS is accepted",
      cv.status === 200 && (await state()).rows === before.rows + 1,
      String(cv.status),
    );
    t.done();
  });

  test("A file of 10485760 + 1 bytes is refused as too large; one of exactly 10485760 bytes is accepted", async (context) => {
    const t = tally(context, "Uploads");
    await expectRefused(t, "a PDF one byte over the limit", { filename: "big.pdf", bytes: make.paddedPdf(MAX + 1) }, 413, SIZE_MESSAGE);
    const before = await state();
    const reply = await apply("/apply/:id/submit", { filename: "limit.pdf", bytes: make.paddedPdf(MAX) });
    t.check("a PDF of exactly the limit is accepted", reply.status === 200, `${reply.status} ${reply.body.slice(0, 200)}`);
    t.check("it is stored once", (await state()).files.length === before.files.length + 1);
    t.done();
  });

  test("File names with ../, NUL and path separators are kept only as cleaned metadata, never as a path", async (context) => {
    const t = tally(context, "Uploads");
    const names: FilePart[] = [
      { filename: "../../../../etc/passwd.pdf" },
      { filename: "..\\..\\windows\\evil.pdf" },
      { filename: "/absolute/cv.pdf" },
      { filename: "....//....//cv.pdf" },
      { filename: "cv%00.html" }, // how a browser escapes a NUL
      { filename: "cv.pdf", disposition: `form-data; name="resume"; filename*=UTF-8''..%2F..%2Fcv%00.html` },
    ].map((f) => ({ ...f, bytes: make.pdf() }));
    for (const file of names) {
      const before = await state();
      const reply = await apply("/apply/:id/submit", file);
      const after = await state();
      const added = after.files.filter((f) => !before.files.includes(f));
      const row = await database(server)
        .selectFrom("jobApplications")
        .select(["resume", "resumeName"])
        .orderBy("submittedAt", "desc")
        .executeTakeFirst();
      const label = JSON.stringify(file.disposition ?? file.filename);
      t.check(`${label} is accepted as a PDF`, reply.status === 200, String(reply.status));
      t.check(
        `${label} adds exactly one file, directly under resumes/`,
        added.length === 1 && !added[0]!.includes(path.sep),
        added.join(", "),
      );
      t.check(
        `${label} is stored under a clean name`,
        /^resumes\/[A-Za-z0-9-]+_\d+_[A-Za-z0-9._ -]+\.pdf$/.test(row?.resume ?? ""),
        row?.resume,
      );
      t.check(
        `${label} keeps no path or control character in the name`,
        !/[^A-Za-z0-9._ -]|\.\./.test(row?.resumeName ?? ""),
        row?.resumeName,
      );
    }
    const outside = filesUnder(path.dirname(server.storageDir)).filter(
      (f) => !f.startsWith(`${path.basename(server.storageDir)}${path.sep}`),
    );
    t.check(
      "no file was written outside the storage directory",
      !outside.some((f) => f.endsWith(".pdf") || f.endsWith(".html")),
      outside.join(", "),
    );
    await expectRefused(t, "an HTML page named ../../cv.pdf", { filename: "../../cv.pdf", bytes: make.html() }, 415, TYPE_MESSAGE);
    // A raw NUL (or line break) is not allowed in a part header at all: the form is unreadable.
    await expectRefused(t, "a raw NUL in the file name", { filename: "cv\u0000.pdf", bytes: make.pdf() }, 400, "");
    t.done();
  });

  test("A client that aborts mid-upload leaves no row, no file and no temporary file", async (context) => {
    const t = tally(context, "Uploads");
    const before = await state();
    const { body, contentType } = multipart(await applicationFields(server), {
      filename: "cv.pdf",
      bytes: make.paddedPdf(6 * 1024 * 1024),
    });
    await new Promise<void>((resolve) => {
      const req = http.request(`${server.url}/apply/${world!.openings[0]}/submit`, {
        method: "POST",
        headers: { "Content-Type": contentType, "Content-Length": String(body.length), Origin: server.url },
      });
      req.on("error", () => resolve());
      req.on("close", () => resolve());
      req.write(body.subarray(0, 3 * 1024 * 1024), () => setTimeout(() => req.destroy(), 200));
    });
    t.check("the temporary file is removed", await tempDirEmpties());
    const after = await state();
    t.check("no application is stored", after.rows === before.rows && after.mails === before.mails);
    t.check("no resume is stored", after.files.length === before.files.length);
    t.done();
  });

  test("Forms with the file in another field, two files, or a broken body are refused without a trace", async (context) => {
    const t = tally(context, "Uploads");
    const before = await state();
    const fields = await applicationFields(server);
    const other = await postMultipart(server, `/apply/${world!.openings[0]}/submit`, fields, {
      field: "photo",
      filename: "cv.pdf",
      bytes: make.pdf(),
    });
    t.check("a file in another field is a 400", other.status === 400, String(other.status));
    const two = await postMultipart(server, `/apply/${world!.openings[0]}/submit`, fields, [
      { filename: "a.pdf", bytes: make.pdf() },
      { filename: "b.pdf", bytes: make.pdf() },
    ]);
    t.check("two files are a 400", two.status === 400, String(two.status));
    const cut = multipart(fields, { filename: "cv.pdf", bytes: make.pdf() });
    const broken = await postRaw(`/apply/${world!.openings[0]}/submit`, cut.body.subarray(0, cut.body.length - 40), cut.contentType);
    t.check("a body cut short is a 400", broken.status === 400, String(broken.status));
    t.check("nothing was stored", JSON.stringify(await state()) === JSON.stringify(before));
    t.check("no temporary file is left", await tempDirEmpties());
    t.done();
  });
});

function postRaw(path: string, body: Buffer, contentType: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}${path}`,
      { method: "POST", headers: { "Content-Type": contentType, "Content-Length": String(body.length), Origin: server.url } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
