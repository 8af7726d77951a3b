import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import type { DataDir } from "./app-server";

/** Read-only access to a scenario's database, whichever dialect it runs on (columns are snake_case). */
export interface Inspector {
  rows<T>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function openInspector(data: DataDir): Promise<Inspector> {
  if (data.sqliteFile) {
    const db = new Database(data.sqliteFile, { readonly: true, fileMustExist: true });
    db.pragma("busy_timeout = 5000");
    return { rows: async <T>(query: string) => db.prepare(query).all() as T[], close: async () => void db.close() };
  }
  const client = new pg.Client({ connectionString: data.databaseUrl });
  await client.connect();
  return { rows: async <T>(query: string) => (await client.query(query)).rows as T[], close: () => client.end() };
}

/** Which of `emails` have no row in `table` (quotes or job_applications). */
export async function missingRows(db: Inspector, table: "quotes" | "job_applications", emails: Iterable<string>): Promise<string[]> {
  const stored = new Set((await db.rows<{ email: string }>(`select email from ${table}`)).map((r) => r.email));
  return [...emails].filter((email) => !stored.has(email));
}

/**
 * The storage and the database agree (faults): every application's resume is a whole file
 * under its key, every stored file belongs to an application, no upload is left in the temp dir,
 * and every submission has its two outbox mails. Returns the problems found.
 */
export async function integrityProblems(data: DataDir, db: Inspector): Promise<string[]> {
  const problems: string[] = [];
  const applications = await db.rows<{ id: string; resume: string; resume_size: number | string }>(
    "select id, resume, resume_size from job_applications",
  );
  const referenced = new Set<string>();
  for (const app of applications.filter((a) => a.resume !== "")) {
    referenced.add(app.resume);
    const file = path.join(data.storageDir, ...app.resume.split("/"));
    if (!existsSync(file)) problems.push(`application ${app.id}: its resume ${app.resume} is missing`);
    else if (!isWholePdf(file, Number(app.resume_size))) problems.push(`application ${app.id}: ${app.resume} is not the whole file`);
  }
  const orphans = storedResumes(data).filter((key) => !referenced.has(key));
  if (orphans.length) problems.push(`${orphans.length} stored resume(s) without an application, e.g. ${orphans[0]}`);
  const leftovers = tempFiles(data);
  if (leftovers.length) problems.push(`${leftovers.length} file(s) left in the temp dir, e.g. .tmp/${leftovers[0]}`);

  const keys = new Set(
    (await db.rows<{ idempotency_key: string }>("select idempotency_key from mail_outbox")).map((r) => r.idempotency_key),
  );
  const quotes = await db.rows<{ id: string }>("select id from quotes");
  const withoutMail = [
    ...quotes.filter((q) => !keys.has(`quote:${q.id}:confirmation`) || !keys.has(`quote:${q.id}:sales`)).map((q) => `quote ${q.id}`),
    ...applications
      .filter((a) => !keys.has(`application:${a.id}:acknowledgement`) || !keys.has(`application:${a.id}:hr`))
      .map((a) => `application ${a.id}`),
  ];
  if (withoutMail.length) problems.push(`${withoutMail.length} submission(s) without their two outbox mails, e.g. ${withoutMail[0]}`);
  return problems;
}

export function storedResumes(data: DataDir): string[] {
  const dir = path.join(data.storageDir, "resumes");
  return existsSync(dir) ? readdirSync(dir).map((name) => `resumes/${name}`) : [];
}

export function tempFiles(data: DataDir): string[] {
  const dir = path.join(data.storageDir, ".tmp");
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** What a kill left behind, before a restart repairs it: e.g. "12 temp files, 5 intents, 5 unreferenced resumes". */
export async function damage(data: DataDir, db: Inspector): Promise<string> {
  const referenced = new Set((await db.rows<{ resume: string }>("select resume from job_applications")).map((r) => r.resume));
  const temp = tempFiles(data);
  const intents = temp.filter((name) => name.endsWith(".intent")).length;
  const orphans = storedResumes(data).filter((key) => !referenced.has(key)).length;
  return `${temp.length - intents} temp files, ${intents} intents, ${orphans} unreferenced resumes`;
}

/** Our test resumes are complete PDFs: the stored size and the %%EOF trailer prove nothing was cut. */
function isWholePdf(file: string, size: number): boolean {
  if (statSync(file).size !== size) return false;
  const bytes = readFileSync(file);
  return bytes.subarray(0, 5).toString("latin1") === "%PDF-" && bytes.subarray(-6).toString("latin1").includes("%%EOF");
}
