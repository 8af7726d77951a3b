import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { startAppServer, sqliteDataDir, type DataDir } from "./lib/app-server";
import { log, reservePort, sleep } from "./lib/processes";
import type { Outcome } from "./lib/report";

// kill -9 while invoices are issued (decisions 0082, 0087): many drafts, issue posts from the
// console at once, the server killed mid-way and started again on the same data. Every invoice must
// be a draft without a number or issued with one; the numbers consecutive, without gap or
// duplicate; every acknowledged issue kept; every filed PDF whole and matching its recorded hash;
// and an issued invoice whose PDF the kill left unfiled downloads as the whole PDF (rendered now).

const DRAFTS = 48;
const CLIENTS = 8;
const KILL_AFTER_ACKS = 12;
const AUTH_SECRET = randomBytes(32).toString("base64url");

interface Row {
  id: string;
  status: string;
  number: string | null;
  pdf_file_key: string | null;
  pdf_sha256: string | null;
}

export async function issueSuite(): Promise<Outcome[]> {
  const data = sqliteDataDir("issue");
  const port = await reservePort();
  // The session is inserted as the e2e fixtures do; two-factor is not what this suite is about.
  const env = { AUTH_SECRET, STAFF_2FA: "optional" };
  let server = await startAppServer(data, port, env);
  const outcome: Outcome = { category: "kill -9 while issuing invoices", tried: 1, passed: 0, failures: [] };
  try {
    const cookie = insertStaffSession(data);
    const ids = insertDrafts(data, DRAFTS);
    const acked = new Map<string, string>();
    let next = 0;
    let killed = false;
    const client = async () => {
      while (!killed && next < ids.length) {
        const id = ids[next++]!;
        const number = await postIssue(server.url, cookie, id);
        if (number) acked.set(id, number);
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    const deadline = Date.now() + 30_000;
    while (acked.size < KILL_AFTER_ACKS && next < ids.length && Date.now() < deadline) await sleep(5);
    await server.kill9();
    killed = true;
    await Promise.all(clients);
    log(`kill -9 after ${acked.size} acknowledged issues (${next} posted of ${ids.length})`);
    server = await startAppServer(data, port, env);

    const problems: string[] = [];
    const rows = readRows(data);
    const issued = rows.filter((r) => r.status !== "draft");
    for (const r of rows) {
      if (r.status === "draft" && r.number !== null) problems.push(`draft ${r.id} has the number ${r.number}`);
      if (r.status !== "draft" && r.number === null) problems.push(`issued invoice ${r.id} has no number`);
    }
    const counters = issued.map((r) => Number(/(\d+)$/.exec(r.number ?? "")?.[1] ?? NaN)).sort((a, b) => a - b);
    const expected = counters.map((_, i) => i + 1);
    if (JSON.stringify(counters) !== JSON.stringify(expected))
      problems.push(`issued numbers are not 1..${issued.length} without gap or duplicate: ${counters.join(",")}`);
    for (const [id, number] of acked) {
      const row = rows.find((r) => r.id === id);
      if (row?.number !== number) problems.push(`acknowledged ${number} (${id}) is stored as ${row?.number ?? "nothing"}`);
    }
    if (acked.size === 0) problems.push("nothing was acknowledged before the kill");
    if (issued.length === rows.length) problems.push("every draft was issued before the kill landed: it hit nothing");

    const unfiled: string[] = [];
    let storedUnrecorded = 0;
    for (const r of issued) {
      if (r.pdf_file_key) {
        const file = path.join(data.storageDir, ...r.pdf_file_key.split("/"));
        if (!existsSync(file)) problems.push(`${r.number}: its filed PDF ${r.pdf_file_key} is missing`);
        else if (!isWholePdf(readFileSync(file))) problems.push(`${r.number}: its filed PDF is not whole`);
        else if (sha256(readFileSync(file)) !== r.pdf_sha256) problems.push(`${r.number}: the filed PDF does not match its recorded hash`);
        continue;
      }
      unfiled.push(r.id);
      // Rendered on download, without writing (a GET changes nothing); the daily run files it.
      const download = () => fetch(`${server.url}/employee-dashboard/billing/${r.id}/pdf`, { headers: { Cookie: cookie } });
      const res = await download();
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || !isWholePdf(bytes)) {
        problems.push(`${r.number}: unfiled, and its download answered ${res.status}`);
        continue;
      }
      // The render is the same document each time: what the next filing stores is what was shown.
      if (sha256(Buffer.from(await (await download()).arrayBuffer())) !== sha256(bytes))
        problems.push(`${r.number}: two renders of the unfiled invoice differ`);
      // Killed between storing the file and recording it: the stored bytes must be those too.
      const stored = path.join(data.storageDir, "invoices", r.id, `${r.number!.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`);
      if (existsSync(stored)) {
        storedUnrecorded++;
        if (sha256(readFileSync(stored)) !== sha256(bytes))
          problems.push(`${r.number}: the file stored before the kill differs from the render`);
      }
    }
    const after = readRows(data);
    if (after.some((r) => unfiled.includes(r.id) && r.pdf_file_key !== null)) problems.push("a download wrote to the database");
    outcome.notes = `${DRAFTS} drafts, ${CLIENTS} concurrent issuers, killed after ${acked.size} acknowledgements; ${issued.length} issued (INV …${counters.at(-1) ?? 0}), ${unfiled.length} left unfiled by the kill (${storedUnrecorded} stored but not recorded), each downloaded whole and the same twice`;
    if (problems.length === 0) outcome.passed++;
    outcome.failures!.push(...problems);
    return [outcome];
  } finally {
    await server.stop();
  }
}

/** Posts the console's Issue for draft `id` (version 1); the number it was issued with, or null. */
async function postIssue(url: string, cookie: string, id: string): Promise<string | null> {
  try {
    const res = await fetch(`${url}/employee-dashboard/billing/${id}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "issue", version: "1" }).toString(),
    });
    await res.arrayBuffer().catch(() => undefined);
    const issued = new URL(res.headers.get("location") ?? "/", url).searchParams.get("issued");
    return res.status >= 300 && res.status < 400 ? issued : null;
  } catch {
    return null;
  }
}

function open(data: DataDir): Database.Database {
  const db = new Database(data.sqliteFile!, { fileMustExist: true });
  db.pragma("busy_timeout = 10000");
  return db;
}

/** An admin with a live session, as the e2e fixtures insert one; returns the Cookie header value. */
function insertStaffSession(data: DataDir): string {
  const db = open(data);
  const id = randomBytes(16).toString("hex");
  const token = randomBytes(16).toString("hex");
  const now = new Date().toISOString();
  try {
    db.transaction(() => {
      db.prepare(
        "insert into users (id, name, email, email_verified, image, role, staff_role, created_at, updated_at) values (?, 'Fault Finance', ?, 1, null, 'employee', 'admin', ?, ?)",
      ).run(id, `faults-${id.slice(0, 8)}@indigokite.dev`, now, now);
      db.prepare(
        "insert into sessions (id, token, user_id, expires_at, ip_address, user_agent, created_at, updated_at) values (?, ?, ?, ?, '127.0.0.1', 'faults', ?, ?)",
      ).run(randomBytes(16).toString("hex"), token, id, new Date(Date.now() + 86_400_000).toISOString(), now, now);
    }).immediate();
  } finally {
    db.close();
  }
  const signature = createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
  return `agency.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** `count` drafts of one company, each with two lines, as the console's editor saves them. */
function insertDrafts(data: DataDir, count: number): string[] {
  const db = open(data);
  const now = Date.now();
  const companyId = randomUUID();
  const ids = Array.from({ length: count }, () => randomUUID());
  try {
    db.transaction(() => {
      db.prepare("insert into companies (id, name, created_at, updated_at) values (?, 'Kill Test GmbH', ?, ?)").run(companyId, now, now);
      const invoice = db.prepare(
        "insert into invoices (id, kind, company_id, status, currency, net_days, billing_name, billing_address, created_at, updated_at) values (?, 'invoice', ?, 'draft', 'EUR', 14, 'Kill Test GmbH', 'Hauptstraße 1\n10115 Berlin', ?, ?)",
      );
      const line = db.prepare(
        "insert into invoice_lines (id, invoice_id, position, description, quantity_milli, unit_price, tax_rate_bp, net, tax) values (?, ?, ?, ?, ?, ?, ?, 0, 0)",
      );
      for (const id of ids) {
        invoice.run(id, companyId, now, now);
        line.run(randomUUID(), id, 0, "Design, hours", 10_000, 8_000, 2000);
        line.run(randomUUID(), id, 1, "Development, days", 1_500, 50_000, 750);
      }
    }).immediate();
  } finally {
    db.close();
  }
  return ids;
}

function readRows(data: DataDir): Row[] {
  const db = open(data);
  try {
    return db
      .prepare(
        "select id, status, number, pdf_file_key, pdf_sha256 from invoices where company_id in (select id from companies where name = 'Kill Test GmbH')",
      )
      .all() as Row[];
  } finally {
    db.close();
  }
}

function isWholePdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString("latin1") === "%PDF-" && bytes.subarray(-8).toString("latin1").includes("%%EOF");
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}
