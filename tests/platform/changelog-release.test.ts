// `npm version`'s "version" step: the Unreleased notes become the new release's.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { releasedVersions } from "../../scripts/lib/migration-check";
import { tempDir } from "../helpers/temp-dirs";

const ROOT = path.resolve(import.meta.dirname, "../..");
// A changelog of its own, so the test does not depend on where the repository's CHANGELOG.md stands
// (right after a release its Unreleased section is empty).
const CHANGELOG = `# Changelog

Intro text.

## [Unreleased]

### Added

- A new thing.

### Fixed

- An old bug.

## [0.1.0] - 2026-11-28

### Added

- The first release.
`;

function changelogFile(): string {
  const file = path.join(tempDir("changelog-"), "CHANGELOG.md");
  writeFileSync(file, CHANGELOG);
  return file;
}

const release = (file: string, version: string) =>
  spawnSync(process.execPath, ["scripts/changelog-release.mjs", "--file", file, "--version", version, "--date", "2026-12-01"], {
    cwd: ROOT,
    encoding: "utf8",
  });

test("Releasing moves the Unreleased notes under the new version and leaves an empty Unreleased above it", () => {
  const file = changelogFile();
  const before = readFileSync(file, "utf8");
  const notes = before.slice(before.indexOf("## [Unreleased]\n") + 16, before.indexOf("## [0.1.0]")).trim();

  const result = release(file, "0.2.0");
  expect(result.status, result.stderr).toBe(0);
  const after = readFileSync(file, "utf8");
  expect(after).toContain(`## [Unreleased]\n\n## [0.2.0] - 2026-12-01\n\n${notes}\n\n## [0.1.0] - 2026-11-28`);
  expect(releasedVersions(after)).toEqual(["0.2.0", "0.1.0"]);
});

test("Releasing refuses an empty Unreleased section and a version the changelog already has", () => {
  const file = changelogFile();
  expect(release(file, "0.1.0").stderr).toContain("already has a section for 0.1.0");
  expect(release(file, "0.2.0").status).toBe(0);
  const again = release(file, "0.2.1");
  expect(again.status).toBe(1);
  expect(again.stderr).toContain("The Unreleased section");
});
