import { existsSync, readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pdf } from "../../tests/fixtures/make-files";
import { startAppServer, sqliteDataDir, type AppServer, type DataDir } from "./lib/app-server";
import {
  applicationBody,
  applicationHeaders,
  emailOf,
  postApplication,
  postQuote,
  readyFormToken,
  resumePdf,
  runTag,
  isSuccess,
} from "./lib/forms";
import { damage, integrityProblems, missingRows, openInspector } from "./lib/inspect";
import { log, reservePort, sleep } from "./lib/processes";
import type { Outcome } from "./lib/report";

//, part 6: kill -9 during a large resume upload and during a burst of submissions, then
// restart on the same data: no partial file, no orphan, the temp dir cleaned, every acknowledged
// submission present.

const BURST_ROUNDS = 3;
const BURST_CLIENTS = 50;
const LARGE_RESUME_BYTES = 9 * 1024 * 1024;

export async function killSuite(): Promise<Outcome[]> {
  const data = sqliteDataDir("kill");
  const port = await reservePort();
  let server = await startAppServer(data, port);
  const db = await openInspector(data);
  try {
    const jobId = (await db.rows<{ id: string }>("select id from job_openings where status = 'open' order by id limit 1"))[0]!.id;
    const formToken = await readyFormToken(server.url);
    const tag = runTag("kill");
    let next = 0;

    const upload: Outcome = { category: "kill -9 during a 9 MiB upload", tried: 0, passed: 0, failures: [] };
    for (const stage of ["mid-body", "body sent"] as const) {
      upload.tried++;
      const email = emailOf(`${tag}-big`, next);
      const acked = await killDuringUpload(server, data, jobId, formToken, email, next++, stage);
      log(`after the kill (${stage}): ${await damage(data, db)}`);
      server = await startAppServer(data, port);
      const problems = await integrityProblems(data, db);
      if (acked && (await missingRows(db, "job_applications", [email])).length) problems.push("the acknowledged upload is not stored");
      if (problems.length === 0) upload.passed++;
      upload.failures!.push(...problems.map((p) => `${stage}: ${p}`));
    }

    const burst: Outcome = { category: "kill -9 during a burst of submissions", tried: 0, passed: 0, failures: [] };
    const resume = pdf();
    let acknowledged = 0;
    const leftBehind: string[] = [];
    for (let round = 1; round <= BURST_ROUNDS; round++) {
      burst.tried++;
      const ackedQuotes = new Set<string>();
      const ackedApplications = new Set<string>();
      let stop = false;
      const client = async () => {
        while (!stop) {
          const i = next++;
          const email = emailOf(`${tag}-r${round}`, i);
          if (i % 2 === 0 && isSuccess(await postQuote(server.url, formToken, email, i))) ackedQuotes.add(email);
          if (i % 2 === 1 && isSuccess(await postApplication(server.url, jobId, formToken, email, i, resume))) ackedApplications.add(email);
        }
      };
      const clients = Array.from({ length: BURST_CLIENTS }, client);
      // Killed at a different moment each round, well into the burst (by acknowledgements, not by
      // the clock: a busy machine may take seconds to answer the first post).
      const deadline = Date.now() + 30_000;
      while (ackedQuotes.size + ackedApplications.size < 40 * round && Date.now() < deadline) await sleep(10);
      await server.kill9();
      stop = true;
      await Promise.all(clients);
      acknowledged += ackedQuotes.size + ackedApplications.size;
      const left = await damage(data, db);
      log(`after kill ${round}: ${left}`);
      leftBehind.push(left);
      server = await startAppServer(data, port);
      const problems = await integrityProblems(data, db);
      const lostQuotes = await missingRows(db, "quotes", ackedQuotes);
      const lostApplications = await missingRows(db, "job_applications", ackedApplications);
      if (lostQuotes.length) problems.push(`${lostQuotes.length} acknowledged quote(s) lost, e.g. ${lostQuotes[0]}`);
      if (lostApplications.length)
        problems.push(`${lostApplications.length} acknowledged application(s) lost, e.g. ${lostApplications[0]}`);
      if (ackedQuotes.size + ackedApplications.size === 0) problems.push("nothing was acknowledged before the kill");
      if (problems.length === 0) burst.passed++;
      burst.failures!.push(...problems.map((p) => `round ${round}: ${p}`));
    }
    burst.notes = `${BURST_ROUNDS} kills under ${BURST_CLIENTS} concurrent clients; ${acknowledged} acknowledged submissions, all checked after restart; left by the kills and repaired at restart: ${leftBehind.join(" / ")}`;
    return [upload, burst];
  } finally {
    await db.close();
    await server.stop();
  }
}

/** Streams a large application and kills the server mid-body or right after the last byte; resolves with whether it was acknowledged. */
async function killDuringUpload(
  server: AppServer,
  data: DataDir,
  jobId: string,
  formToken: string,
  email: string,
  i: number,
  stage: "mid-body" | "body sent",
): Promise<boolean> {
  const { body, contentType } = applicationBody(email, formToken, resumePdf(pdf(), LARGE_RESUME_BYTES));
  let status = 0;
  const req = http.request(`${server.url}/apply/${jobId}/submit`, {
    method: "POST",
    headers: { ...applicationHeaders(server.url, i, contentType), "Content-Length": String(body.length) },
  });
  const answered = new Promise<void>((resolve) => {
    req.on("response", (res) => {
      status = res.statusCode ?? 0;
      res.resume().on("end", resolve).on("error", resolve);
    });
    req.on("error", () => resolve());
  });
  const tempDir = path.join(data.storageDir, ".tmp");
  const before = new Set(existsSync(tempDir) ? readdirSync(tempDir) : []);
  const half = Math.floor(body.length / 2);
  req.write(body.subarray(0, half));
  if (stage === "body sent") req.end(body.subarray(half));
  // Wait until the server is writing the temp file, so the kill lands inside the upload.
  const deadline = Date.now() + 10_000;
  // Mid-body: as soon as the file is being written; body sent: once all of it is (sniff, commit, row).
  const threshold = stage === "mid-body" ? 1 : LARGE_RESUME_BYTES;
  while (Date.now() < deadline && newTempBytes(tempDir, before) < threshold) await sleep(2);
  log(`kill -9 during an upload (${stage}, ${newTempBytes(tempDir, before)} bytes in the temp dir)`);
  await server.kill9();
  req.destroy();
  await answered;
  return isSuccess(status);
}

function newTempBytes(dir: string, before: Set<string>): number {
  if (!existsSync(dir)) return 0;
  const names = readdirSync(dir).filter((name) => !before.has(name) && name.endsWith(".part"));
  return names.reduce((n, name) => n + (statSync(path.join(dir, name), { throwIfNoEntry: false })?.size ?? 0), 0);
}
