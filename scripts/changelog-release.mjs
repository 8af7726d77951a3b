// `npm version <major|minor|patch>` runs this as its "version" step, after writing the new version
// into package.json and before committing and tagging: the Unreleased section of CHANGELOG.md
// becomes the new version's, dated today, under a fresh empty Unreleased heading. It refuses
// (exit 1) when Unreleased says nothing: a release without notes is a mistake.
//   node scripts/changelog-release.mjs [--file CHANGELOG.md] [--version X.Y.Z] [--date YYYY-MM-DD]
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { file: { type: "string" }, version: { type: "string" }, date: { type: "string" } } });
const file = values.file ?? "CHANGELOG.md";
const version = values.version ?? JSON.parse(readFileSync("package.json", "utf8")).version;
const date = values.date ?? new Date().toISOString().slice(0, 10);

const text = readFileSync(file, "utf8");
const heading = /^## \[Unreleased\][^\n]*\n/m.exec(text);
if (!heading) {
  console.error(`${file} has no "## [Unreleased]" section to release.`);
  process.exit(1);
}
if (new RegExp(`^## \\[${version.replaceAll(".", "\\.")}\\]`, "m").test(text)) {
  console.error(`${file} already has a section for ${version}.`);
  process.exit(1);
}
const start = heading.index + heading[0].length;
const next = text.slice(start).search(/^## \[/m);
const end = next === -1 ? text.length : start + next;
const notes = text.slice(start, end).trim();
if (!notes) {
  console.error(`The Unreleased section of ${file} is empty: write what ${version} changes first.`);
  process.exit(1);
}
writeFileSync(file, `${text.slice(0, start)}\n## [${version}] - ${date}\n\n${notes}\n\n${text.slice(end)}`);
console.log(`${file}: Unreleased is now ${version} (${date}).`);
