// `npm run storage:copy`: copies every file under STORAGE_DIR into the store STORAGE_URL names (S3,
// with the S3_* variables), verifies each by size and SHA-256, and can be rerun safely.
import "../app/server/admin-tool.server";
import { existsSync } from "node:fs";
import path from "node:path";
import { getEnv } from "../app/server/env.server";
import { copyStore, formatCopyReport } from "../app/server/storage/copy.server";
import { createLocalFileStore, fileStore } from "../app/server/storage/storage.server";

async function main(): Promise<number> {
  const env = getEnv();
  if (!env.STORAGE_URL) {
    console.error("storage:copy needs STORAGE_URL=s3://bucket[/prefix] (and S3_*) for the target; STORAGE_DIR is the source.");
    return 2;
  }
  const sourceDir = path.resolve(env.STORAGE_DIR);
  if (!existsSync(sourceDir)) {
    console.error(`STORAGE_DIR ${sourceDir} does not exist: nothing to copy from.`);
    return 2;
  }
  console.log(`Copying ${sourceDir} → ${env.STORAGE_URL}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ""}`);
  const report = await copyStore(createLocalFileStore(sourceDir), fileStore());
  console.log(formatCopyReport(report));
  const bad = report.filter((f) => f.result === "mismatch" || f.result === "failed").length;
  console.log(bad ? `${bad} file(s) not verified: see above.` : `All ${report.length} file(s) are in the target and verified.`);
  return bad ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? `Error: ${error.message}` : error);
  process.exitCode = 1;
}
