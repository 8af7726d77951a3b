// The three file-transfer figures for `npm run bench`, measured in one run on the built
// server against a plain static-file server sending the same file from the same disk:
//   1. download of a 50 MB file through the authorised route (/attachments/:id) ≥ 80% of the
//      static server's throughput;
//   2. 10 concurrent 50 MB uploads (each a support request carrying two 25 MB files, the most a
//      file may be): server RSS grows by ≤ 30 MiB, and nothing is left in the temp dir after they
//      finish, nor after 10 more are cut off half-way;
//   3. a Range request for the last 1 MB of the 50 MB file answers in ≤ 2× the time of a whole 1 MB file.
// The two downloadable files are put in the store and the database directly (an attachment may
// not be uploaded above 25 MB), the way an operator restoring a backup would.
import http from "node:http";
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readdirSync } from "node:fs";
import { copyFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import Database from "better-sqlite3";
import { pdfChunks, postSupportForm, registerClient } from "./support-upload.mjs";

const MB = 1024 * 1024;
const BIG = 50 * MB;
const SMALL = 1 * MB;
const UPLOADS = 10;
const UPLOAD_PART = 25_000_000 - 4096; // two per request: a 50 MB upload within the 25 MB-per-file rule
const DOWNLOAD_ROUNDS = 3;
const DOWNLOADS_PER_ROUND = 4;
const RANGE_SAMPLES = 40;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** GETs `url` to its end, discarding the bytes; resolves with { status, bytes, ms }. */
function download(url, headers = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode, bytes, ms: performance.now() - started }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

async function writePdf(file, size) {
  const hash = createHash("sha256");
  const source = Readable.from(
    (function* () {
      for (const chunk of pdfChunks(size)) {
        hash.update(chunk);
        yield chunk;
      }
    })(),
  );
  await pipeline(source, createWriteStream(file));
  return hash.digest("hex");
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function tempFilesOf(storageDir) {
  const dir = path.join(storageDir, ".tmp");
  return existsSync(dir) ? readdirSync(dir) : [];
}

/**
 * Runs the three measurements on a server started by `startServer({ data })` and returns the
 * figures; `log` reports progress on stderr.
 */
export async function benchFileTransfer({ data, startServer, log }) {
  const server = await startServer({ data });
  let staticServer;
  try {
    const { url } = server;
    const cookie = await registerClient(url, `bench-files-${Date.now()}@example.com`);
    const created = await fetch(`${url}/user-dashboard/support`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create-complaint", subject: "Bench downloads", message: "Files for the bench." }),
    });
    await created.arrayBuffer();
    if (created.status !== 200) throw new Error(`creating the bench's support request answered ${created.status}`);

    // The two files, written once into the store and given rows.
    log("file transfer: writing a 50 MB and a 1 MB file into the store");
    const db = new Database(data.databaseFile, { fileMustExist: true });
    db.pragma("busy_timeout = 5000");
    const complaint = db.prepare("select id from complaints where subject = 'Bench downloads' order by created_at desc limit 1").get();
    const ids = { big: randomUUID(), small: randomUUID() };
    const attachmentsDir = path.join(data.storageDir, "attachments");
    mkdirSync(attachmentsDir, { recursive: true });
    const insert = db.prepare(
      "insert into attachments (id, complaint_id, reply_id, name, storage_key, size, content_type, kind, sha256, thumbnail_key, uploaded_by, uploaded_by_name, side, created_at) " +
        "values (?, ?, null, ?, ?, ?, 'application/pdf', 'pdf', ?, null, null, 'Bench', 'client', ?)",
    );
    for (const [which, size] of [
      ["big", BIG],
      ["small", SMALL],
    ]) {
      const key = `attachments/${ids[which]}`;
      const sha = await writePdf(path.join(attachmentsDir, ids[which]), size);
      insert.run(ids[which], complaint.id, `${which}.pdf`, key, size, sha, Date.now());
    }
    const complaintsBefore = () => db.prepare("select count(*) as n from complaints").get().n;
    const bigPath = path.join(data.dir, "static-50mb.pdf");
    await copyFile(path.join(attachmentsDir, ids.big), bigPath);

    // 1. Download throughput, route vs static server, interleaved rounds, best of each.
    staticServer = spawn(process.execPath, [path.resolve("scripts/lib/static-file-server.mjs"), bigPath], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const staticPort = await new Promise((resolve, reject) => {
      staticServer.stdout.on("data", (chunk) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      staticServer.once("exit", (code) => reject(new Error(`static server exited (${code})`)));
    });
    const routeUrl = `${url}/attachments/${ids.big}`;
    const staticUrl = `http://127.0.0.1:${staticPort}/static-50mb.pdf`;
    const auth = { Cookie: cookie };
    const first = await download(routeUrl, auth);
    if (first.status !== 200 || first.bytes !== BIG)
      throw new Error(`the authorised route answered ${first.status} with ${first.bytes} bytes`);
    await download(staticUrl);
    const throughput = { route: [], static: [] };
    log(`file transfer: downloads, ${DOWNLOAD_ROUNDS} rounds of ${DOWNLOADS_PER_ROUND} × 50 MB each way`);
    for (let round = 0; round < DOWNLOAD_ROUNDS; round++) {
      for (const [which, target, headers] of [
        ["static", staticUrl, {}],
        ["route", routeUrl, auth],
      ]) {
        const started = performance.now();
        let bytes = 0;
        for (let i = 0; i < DOWNLOADS_PER_ROUND; i++) bytes += (await download(target, headers)).bytes;
        throughput[which].push(bytes / MB / ((performance.now() - started) / 1000));
      }
    }
    staticServer.kill("SIGTERM");
    staticServer = undefined;
    const routeMBps = Math.max(...throughput.route);
    const staticMBps = Math.max(...throughput.static);

    // 3. Range: the last 1 MB of the 50 MB file vs the whole 1 MB file, interleaved, medians.
    log(`file transfer: ${RANGE_SAMPLES} range and whole-file requests`);
    const rangeMs = [];
    const wholeMs = [];
    const smallUrl = `${url}/attachments/${ids.small}`;
    for (let i = 0; i < RANGE_SAMPLES; i++) {
      const range = await download(routeUrl, { ...auth, Range: `bytes=-${SMALL}` });
      const whole = await download(smallUrl, auth);
      if (range.status !== 206 || range.bytes !== SMALL)
        throw new Error(`the range request answered ${range.status} with ${range.bytes} bytes`);
      if (whole.status !== 200 || whole.bytes !== SMALL)
        throw new Error(`the 1 MB download answered ${whole.status} with ${whole.bytes} bytes`);
      if (i >= 5) {
        rangeMs.push(range.ms);
        wholeMs.push(whole.ms);
      }
    }

    // 2. Uploads: one warm-up (modules loaded, buffers sized), then ten at once while RSS is sampled.
    const form = (i) => ({ intent: "create-complaint", subject: `Bench upload ${i}`, message: "Two large files." });
    const files = (i) => [
      { name: `brief-${i}-a.pdf`, size: UPLOAD_PART },
      { name: `brief-${i}-b.pdf`, size: UPLOAD_PART },
    ];
    log("file transfer: warm-up upload");
    const warm = await postSupportForm(url, "/user-dashboard/support", cookie, form("warm-up"), files(0));
    if (warm !== 200) throw new Error(`the warm-up upload answered ${warm}`);
    await sleep(500);
    const baseline = server.rssMiB();
    let peak = baseline;
    const sampler = setInterval(() => {
      const rss = server.rssMiB();
      if (rss !== null && rss > peak) peak = rss;
    }, 10);
    log(`file transfer: ${UPLOADS} concurrent 50 MB uploads`);
    const before = complaintsBefore();
    const statuses = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) => postSupportForm(url, "/user-dashboard/support", cookie, form(i + 1), files(i + 1))),
    );
    clearInterval(sampler);
    const stored = complaintsBefore() - before;
    const storedAttachments = db
      .prepare(
        "select count(*) as n from attachments a join complaints c on c.id = a.complaint_id where c.subject like 'Bench upload %' and c.subject != 'Bench upload warm-up'",
      )
      .get().n;
    await sleep(200);
    const tempAfterFinish = tempFilesOf(data.storageDir).length;

    log(`file transfer: ${UPLOADS} uploads cut off half-way`);
    const beforeCut = complaintsBefore();
    const cut = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) =>
        postSupportForm(url, "/user-dashboard/support", cookie, form(`cut ${i}`), files(i), { cutAfter: UPLOAD_PART }),
      ),
    );
    // The server notices the closed connections and removes the partial files.
    let tempAfterCut = tempFilesOf(data.storageDir).length;
    for (let waited = 0; tempAfterCut > 0 && waited < 5000; waited += 50) {
      await sleep(50);
      tempAfterCut = tempFilesOf(data.storageDir).length;
    }
    const storedAfterCut = complaintsBefore() - beforeCut;
    const keysOnDisk = readdirSync(attachmentsDir).length;
    const rows = db.prepare("select count(*) as n from attachments").get().n;
    db.close();

    return {
      download: { routeMBps, staticMBps, ratio: routeMBps / staticMBps, all: throughput },
      uploads: {
        rssGrowthMiB: peak - baseline,
        baselineMiB: baseline,
        ok: statuses.filter((s) => s === 200).length,
        stored,
        storedAttachments,
        tempAfterFinish,
        cutAnswered: cut.filter((s) => s !== 0).length,
        storedAfterCut,
        tempAfterCut,
        orphanKeys: keysOnDisk - rows,
      },
      range: { rangeMs: median(rangeMs), wholeMs: median(wholeMs), ratio: median(rangeMs) / median(wholeMs) },
    };
  } finally {
    staticServer?.kill("SIGKILL");
    await server.stop();
  }
}

/** The three lines `npm run bench` prints, each figure beside its target. */
export function fileTransferLines(result, pass) {
  const f = (n, d = 1) => n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
  const { download: d, uploads: u, range: r } = result;
  const nothingLeft =
    u.ok === UPLOADS &&
    u.stored === UPLOADS &&
    u.storedAttachments === 2 * UPLOADS &&
    u.tempAfterFinish === 0 &&
    u.tempAfterCut === 0 &&
    u.storedAfterCut === 0 &&
    u.orphanKeys === 0;
  return [
    `Download of a 50 MB file, authorised route: ${f(d.routeMBps, 0)} MB/s vs plain static-file server ${f(d.staticMBps, 0)} MB/s = ${f(100 * d.ratio)}%   target ≥ 80% ${pass(d.ratio >= 0.8)}` +
      `   (best of ${DOWNLOAD_ROUNDS} interleaved rounds of ${DOWNLOADS_PER_ROUND} × 50 MB; route ${d.all.route.map((x) => f(x, 0)).join(" / ")}, static ${d.all.static.map((x) => f(x, 0)).join(" / ")} MB/s)`,
    `${UPLOADS} concurrent 50 MB uploads (2 × 25 MB files each): server RSS +${f(u.rssGrowthMiB)} MiB (from ${f(u.baselineMiB)} MiB)   target ≤ 30 MiB ${pass(u.rssGrowthMiB <= 30)}` +
      `; ${u.ok}/${UPLOADS} answered 200, ${u.stored} requests and ${u.storedAttachments} files stored; temp dir after they finished: ${u.tempAfterFinish} files, ` +
      `after ${UPLOADS} more were cut off half-way: ${u.tempAfterCut} files, ${u.storedAfterCut} stored, ${u.orphanKeys} orphan keys   target all stored, nothing left ${pass(nothingLeft)}`,
    `Range request for the last 1 MB of the 50 MB file: ${f(r.rangeMs, 2)} ms vs a whole 1 MB file ${f(r.wholeMs, 2)} ms = ${f(r.ratio, 2)}×   target ≤ 2× ${pass(r.ratio <= 2)}   (medians of ${RANGE_SAMPLES - 5})`,
  ];
}
