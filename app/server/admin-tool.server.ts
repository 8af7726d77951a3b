// Imported first by every admin tool (scripts/staff.ts, backup, restore, db-migrate, db-copy,
// storage-copy): the working directory's .env, then the configuration warnings on stderr, before
// the tool's own imports read anything (decision 0063). ES modules run their imports in order.
import "./load-env-file.server";
import { reportConfiguration } from "./env-check.server";

reportConfiguration((message) => process.stderr.write(`Warning: ${message}\n`));
