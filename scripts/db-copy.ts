// `npm run db:copy -- --from <sqlite file> --to <postgres url>`: copies every table of an app's SQLite
// database into an empty PostgreSQL database in one transaction, then compares row counts.
// Exit codes: 0 copied and verified; 1 failed or counts differ (nothing kept); 2 refused or bad usage.
import "../app/server/admin-tool.server";
import { parseArgs } from "node:util";
import { CopyMismatch, CopyRefused, copySqliteToPostgres, type TableCount } from "../app/server/db/copy.server";

const USAGE = "Usage: npm run db:copy -- --from <sqlite file> --to <postgres://user:pass@host:5432/db>";

function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "<invalid url>";
  }
}

function printCounts(counts: TableCount[]): void {
  const header = ["table", "source rows", "copied rows", "ok"];
  const rows = counts.map((c) => [c.table, String(c.source), String(c.copied), c.ok ? "yes" : "NO"]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 || i === 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log([line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n"));
}

async function main(argv: string[]): Promise<number> {
  let values: { from?: string; to?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { from: { type: "string" }, to: { type: "string" } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.from || !values.to) {
    console.error(USAGE);
    return 2;
  }
  console.log(`Copying ${values.from} into ${redacted(values.to)} ...`);
  try {
    const counts = await copySqliteToPostgres({ from: values.from, to: values.to });
    printCounts(counts);
    const rows = counts.reduce((sum, c) => sum + c.copied, 0);
    console.log(`Copied ${rows} rows in ${counts.length} tables; every count matches. Point DATABASE_URL at the new database.`);
    return 0;
  } catch (error) {
    if (error instanceof CopyMismatch) printCounts(error.counts);
    console.error(error instanceof Error ? error.message : error);
    return error instanceof CopyRefused ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
