// `npm run lint:migrations` (part of `npm run lint`): every migration's `up` only widens, or marks
// its contract steps with the release they are safe after (scripts/lib/migration-check.ts,
// decision 0064). Exit 1 with one line per problem.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { findBreakingChanges, problems, releasedVersions } from "./lib/migration-check";

const ROOT = path.resolve(import.meta.dirname, "..");
const FOLDER = "app/server/db/migrations";

// Migrations that broke the rule before there was a release, each with why that harmed no one.
// The list is closed: a new migration fixes its shape instead of joining it.
export const GRANDFATHERED: Record<string, string> = {
  "2026-11-25T0100-companies.ts":
    "renames projects/complaints.owner_id to created_by (PostgreSQL) and rebuilds both tables (SQLite); " +
    "it shipped in 0.1.0, the first release, together with all the code that reads the new names, " +
    "so no released build ever read the old ones",
};

const changelog = readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8");
const released = releasedVersions(changelog);
const found: string[] = [];
let marked = 0;
for (const name of readdirSync(path.join(ROOT, FOLDER)).sort()) {
  if (!name.endsWith(".ts") || name === "index.ts" || name in GRANDFATHERED) continue;
  const file = `${FOLDER}/${name}`;
  const findings = findBreakingChanges(file, readFileSync(path.join(ROOT, file), "utf8"));
  marked += findings.filter((f) => f.safeAfter || f.rebuild).length;
  found.push(...problems(findings, released));
}
if (found.length) {
  console.error(found.join("\n"));
  process.exitCode = 1;
} else if (process.argv.includes("--verbose")) {
  console.log(`Migrations widen only: ${marked} marked contract or rebuild step(s), ${Object.keys(GRANDFATHERED).length} grandfathered.`);
}
