// `npm version`'s "version" step: the Unreleased notes become the new release's.
import { spawnSync } from "node:child_process";
import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { releasedVersions } from "../../scripts/lib/migration-check";
import { tempDir } from "../helpers/temp-dirs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const release = (file: string, version: string) =>
  spawnSync(process.execPath, ["scripts/changelog-release.mjs", "--file", file, "--version", version, "--date", "2026-12-01"], {
    cwd: ROOT,
    encoding: "utf8",
  });

test("Releasing moves the Unreleased notes under the new version and leaves an empty Unreleased above it", () => {
  const file = path.join(tempDir("changelog-"), "CHANGELOG.md");
  copyFileSync(path.join(ROOT, "CHANGELOG.md"), file);
  const before = readFileSync(file, "utf8");
  const notes = before.slice(before.indexOf("## [Unreleased]\n") + 16, before.indexOf("## [0.1.0]")).trim();

  const result = release(file, "0.2.0");
  expect(result.status, result.stderr).toBe(0);
  const after = readFileSync(file, "utf8");
  expect(after).toContain(`## [Unreleased]\n\n## [0.2.0] - 2026-12-01\n\n${notes}\n\n## [0.1.0] - 2026-11-28`);
  expect(releasedVersions(after)).toEqual(["0.2.0", "0.1.0"]);
});

test("Releasing refuses an empty Unreleased section and a version the changelog already has", () => {
  const file = path.join(tempDir("changelog-"), "CHANGELOG.md");
  copyFileSync(path.join(ROOT, "CHANGELOG.md"), file);
  expect(release(file, "0.1.0").stderr).toContain("already has a section for 0.1.0");
  expect(release(file, "0.2.0").status).toBe(0);
  const again = release(file, "0.2.1");
  expect(again.status).toBe(1);
  expect(again.stderr).toContain("The Unreleased section");
});
