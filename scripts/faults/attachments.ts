import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { multipart, postSupportForm, registerClient, type GeneratedFile } from "../lib/support-upload.mjs";
import { startAppServer, sqliteDataDir, type AppServer, type DataDir } from "./lib/app-server";
import { openInspector, tempFiles, type Inspector } from "./lib/inspect";
import { log, reservePort, sleep } from "./lib/processes";
import type { Outcome } from "./lib/report";

// Support attachments under failure. An upload cut off mid-way leaves nothing stored and
// nothing in the temp dir; a kill -9 while an upload is being committed (intents written, bytes
// going into the store, the row not yet written) leaves, after a restart, no bytes without a row
// and no row without its bytes, and an acknowledged upload whole.

const FILE_BYTES = 8 * 1024 * 1024;
const SUPPORT = "/user-dashboard/support";
const files = (tag: string): GeneratedFile[] => [
  { name: `${tag}-a.pdf`, size: FILE_BYTES },
  { name: `${tag}-b.pdf`, size: FILE_BYTES },
];
const fields = (subject: string) => ({ intent: "create-complaint", subject, message: "Files for the fault suite." });

export async function attachmentsSuite(): Promise<Outcome[]> {
  const data = sqliteDataDir("attachments");
  const port = await reservePort();
  let server = await startAppServer(data, port);
  const db = await openInspector(data);
  try {
    const cookie = await registerClient(server.url, `faults-files-${Date.now().toString(36)}@example.com`);

    const cut: Outcome = { category: "attachments: an upload cut off mid-way", tried: 0, passed: 0, failures: [] };
    for (const fraction of [0.05, 0.5, 0.97]) {
      cut.tried++;
      const subject = `Cut at ${fraction}`;
      const { length } = multipart(fields(subject), files("cut"));
      const status = await postSupportForm(server.url, SUPPORT, cookie, fields(subject), files("cut"), {
        cutAfter: Math.floor(length * fraction),
      });
      // The server notices the closed connection and removes what it received. A cut at 5% may
      // close before the server has opened its temp file at all, so the temp dir must stay empty
      // for 300 ms in a row (within 5 s), not merely be empty once.
      for (let waited = 0, emptyFor = 0; emptyFor < 300 && waited < 5_000; waited += 20) {
        emptyFor = tempFiles(data).length === 0 ? emptyFor + 20 : 0;
        await sleep(20);
      }
      const problems = await integrityProblems(data, db);
      if (status !== 0) problems.push(`the cut upload was answered ${status}`);
      if ((await requestsNamed(db, subject)) > 0) problems.push("a request was stored from a cut upload");
      if (problems.length === 0) cut.passed++;
      cut.failures!.push(...problems.map((p) => `cut at ${Math.round(fraction * 100)}%: ${p}`));
    }

    const kill: Outcome = { category: "attachments: kill -9 while an upload commits", tried: 0, passed: 0, failures: [] };
    const landed: string[] = [];
    for (const stage of ["intent written", "first file stored", "second file stored"] as const) {
      kill.tried++;
      const subject = `Kill at ${stage}`;
      const { acknowledged, where } = await killDuringCommit(server, data, cookie, subject, stage);
      landed.push(`${stage}: ${where}`);
      server = await startAppServer(data, port);
      const problems = await integrityProblems(data, db);
      const stored = await requestsNamed(db, subject);
      const attached = await attachmentsOf(db, subject);
      if (acknowledged && (stored !== 1 || attached !== 2))
        problems.push(`the acknowledged upload is not whole (${stored} request, ${attached} files)`);
      if (!acknowledged && stored === 1 && attached !== 2) problems.push(`half an upload is stored (${attached} of 2 files)`);
      if (problems.length === 0) kill.passed++;
      kill.failures!.push(...problems.map((p) => `${stage}: ${p}`));
    }
    kill.notes = `where each kill landed — ${landed.join("; ")}`;
    return [cut, kill];
  } finally {
    await db.close();
    await server.stop();
  }
}

/** Sends a whole upload and kills the server once the commit reaches `stage` (watched on disk). */
async function killDuringCommit(
  server: AppServer,
  data: DataDir,
  cookie: string,
  subject: string,
  stage: "intent written" | "first file stored" | "second file stored",
) {
  const before = storedKeys(data).length;
  let status = 0;
  const posting = postSupportForm(server.url, SUPPORT, cookie, fields(subject), files("kill")).then((s) => (status = s));
  const reached = () => {
    if (stage === "intent written") return tempFiles(data).some((name) => name.endsWith(".intent"));
    return storedKeys(data).length - before >= (stage === "first file stored" ? 1 : 2);
  };
  const deadline = Date.now() + 20_000;
  while (!reached() && status === 0 && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
  const where = status !== 0 ? `too late, the upload was already answered ${status}` : reached() ? "as planned" : "timed out waiting";
  log(
    `kill -9 during an attachment commit (${stage}: ${where}; ${storedKeys(data).length - before} new keys, ${tempFiles(data).length} temp files)`,
  );
  await server.kill9();
  await posting;
  return { acknowledged: status === 200, where };
}

function storedKeys(data: DataDir): string[] {
  const dir = path.join(data.storageDir, "attachments");
  return existsSync(dir) ? readdirSync(dir).map((name) => `attachments/${name}`) : [];
}

async function requestsNamed(db: Inspector, subject: string): Promise<number> {
  const rows = await db.rows<{ n: number }>(`select count(*) as n from complaints where subject = '${subject.replace(/'/g, "''")}'`);
  return Number(rows[0]?.n ?? 0);
}

async function attachmentsOf(db: Inspector, subject: string): Promise<number> {
  const rows = await db.rows<{ n: number }>(
    `select count(*) as n from attachments a join complaints c on c.id = a.complaint_id where c.subject = '${subject.replace(/'/g, "''")}'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Storage and rows agree: every row's bytes whole, every stored key a row's, the temp dir empty. */
async function integrityProblems(data: DataDir, db: Inspector): Promise<string[]> {
  const problems: string[] = [];
  const rows = await db.rows<{ id: string; storage_key: string; thumbnail_key: string | null; size: number | string }>(
    "select id, storage_key, thumbnail_key, size from attachments",
  );
  const referenced = new Set<string>();
  for (const row of rows) {
    referenced.add(row.storage_key);
    if (row.thumbnail_key) referenced.add(row.thumbnail_key);
    const file = path.join(data.storageDir, ...row.storage_key.split("/"));
    if (!existsSync(file)) problems.push(`attachment ${row.id}: its bytes are missing`);
    else if (statSync(file).size !== Number(row.size)) problems.push(`attachment ${row.id}: not the whole file`);
  }
  const orphans = storedKeys(data).filter((key) => !referenced.has(key));
  if (orphans.length) problems.push(`${orphans.length} stored file(s) without an attachment row, e.g. ${orphans[0]}`);
  const leftovers = tempFiles(data);
  if (leftovers.length) problems.push(`${leftovers.length} file(s) left in the temp dir, e.g. .tmp/${leftovers[0]}`);
  return problems;
}
