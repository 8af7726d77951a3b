// `npm run artifact -- <folder | file.tgz>`: the production artifact of the current build
// (scripts/lib/artifact.mjs, decision 0060), copied into an empty folder or packed as a gzipped
// tarball of the folder's contents (unpack it where the app will run). Run `npm run build` first: this builds nothing,
// so what it ships is exactly what was built and tested.
// On the host: `npm ci --omit=dev` (or `npm install --omit=dev`) in that folder, then `npm start`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ARTIFACT_FILES, writeArtifact } from "./lib/artifact.mjs";

const target = process.argv[2];
if (!target) {
  console.error("Usage: npm run artifact -- <empty folder | file.tgz | file.tar.gz>");
  process.exit(2);
}
const tarball = /\.(tgz|tar\.gz)$/.test(target);
const folder = tarball ? mkdtempSync(path.join(os.tmpdir(), "agency-artifact-")) : target;
try {
  writeArtifact(folder);
  if (tarball) execFileSync("tar", ["-czf", path.resolve(target), "-C", folder, "."]);
  console.log(`Wrote the production artifact (${ARTIFACT_FILES.join(", ")}) to ${target}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (tarball) rmSync(folder, { recursive: true, force: true });
}
