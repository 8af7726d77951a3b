// The admin tools of an installed artifact, run on one database as an operator runs them, for
// `npm run test:artifact`: the app started with `npm start`, staff accounts made, changed and
// removed (one of them signs in to the running app), db:migrate, an encrypted backup while the app
// runs, then restore with the app stopped.
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { hostEnv, startApp, tool, type CommandResult, type RunningApp } from "./artifact-host";
import { get, postForm, sessionCookie } from "./cluster-http";

export interface Round {
  label: "SQLite" | "PostgreSQL";
  settings: Record<string, string>;
  /** Keys of files under STORAGE_DIR before the round: a restore must bring them back. */
  storedFiles: string[];
  /** False when the admin came with the database (db:copy). */
  createAdmin: boolean;
}

type Recorder = (check: string, ok: boolean, detail: string) => void;

const ADMIN = "admin@indigokite.dev";
const PASSWORD = "artifact-staff-password-1";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const outcome = (result: CommandResult) =>
  result.code === 0 ? seconds(result.ms) : `exit ${result.code}: ${(result.stderr || result.stdout).trim().slice(-800)}`;

/** The line `staff list` prints for `email` ("" when it lists no such account). */
function staffLine(list: CommandResult, email: string): string {
  return list.stdout.split("\n").find((line) => line.startsWith(`${email}\t`)) ?? "";
}

export async function checkAdminTools(dir: string, round: Round, record: Recorder, onApp: (app: RunningApp | undefined) => void) {
  const env = hostEnv(round.settings);
  const run = (script: string, ...args: string[]) => tool(dir, script, args, env);
  const on = `(${round.label})`;

  const started = performance.now();
  const app = await startApp(dir, env);
  onApp(app);
  const [home, ready] = await Promise.all([get(app.url, "/"), get(app.url, "/readyz")]);
  record(
    `npm start serves /healthz, / and /readyz ${on}`,
    home.status === 200 && home.text.includes("</html>") && ready.status === 200,
    `/healthz after ${seconds(performance.now() - started)}; / ${home.status}, /readyz ${ready.status}`,
  );

  if (round.createAdmin) {
    const added = await run("staff", "add", ADMIN, "--password", PASSWORD, "--name", "Artifact Admin");
    record(`staff add ${on}`, added.code === 0 && added.stdout.includes(`Staff account created: ${ADMIN}`), outcome(added));
  }
  const signIn = await postForm(app.url, "/employee-login", { intent: "login", email: ADMIN, password: PASSWORD });
  const dashboard = await get(app.url, "/employee-dashboard", sessionCookie(signIn));
  record(
    `${round.createAdmin ? "the account staff add made" : "the admin db:copy carried over"} signs in to the running app ${on}`,
    signIn.status === 302 && dashboard.status === 200,
    `POST /employee-login ${signIn.status}, /employee-dashboard ${dashboard.status}`,
  );

  const colleague = `sales-${round.label.toLowerCase()}@indigokite.dev`;
  const changes = [
    await run("staff", "add", colleague, "--password", PASSWORD, "--role", "sales"),
    await run("staff", "role", colleague, "recruiter"),
  ];
  const listed = await run("staff", "list");
  const removed = await run("staff", "remove", colleague);
  const relisted = await run("staff", "list");
  const failed = [...changes, listed, removed, relisted].find((result) => result.code !== 0);
  record(
    `staff add --role, role, list and remove ${on}`,
    !failed &&
      staffLine(listed, colleague).endsWith("\trecruiter") &&
      staffLine(listed, ADMIN).includes("\tadmin") &&
      staffLine(relisted, colleague) === "" &&
      staffLine(relisted, ADMIN) !== "",
    failed
      ? outcome(failed)
      : `listed: ${staffLine(listed, colleague).replace(/\t/g, " | ")}; after remove: ${relisted.stdout.trim().split("\n").length} account(s)`,
  );

  const migrated = await run("db:migrate");
  const dialect = round.label === "SQLite" ? "sqlite" : "postgres";
  record(`db:migrate ${on}`, migrated.code === 0 && migrated.stdout.includes(`Database is up to date (${dialect}).`), outcome(migrated));

  const backup = await run("backup");
  const name = /Wrote (backup-\S+):/.exec(backup.stdout)?.[1] ?? "";
  const list = await run("backup", "--list");
  record(
    `backup (encrypted) while the app runs, and backup --list ${on}`,
    backup.code === 0 &&
      name !== "" &&
      backup.stdout.includes("Encrypted with BACKUP_ENCRYPTION_KEY") &&
      list.stdout.split("\n").includes(name),
    `${name || "no backup"}; ${outcome(backup)}`,
  );

  // What a restore must undo: an account made after the backup, stored files lost.
  const later = `after-backup-${round.label.toLowerCase()}@indigokite.dev`;
  await run("staff", "add", later, "--password", PASSWORD);
  const storageDir = round.settings.STORAGE_DIR!;
  const contents = round.storedFiles.map((key) => readFileSync(path.join(storageDir, key)));
  for (const key of round.storedFiles) rmSync(path.join(storageDir, key));

  const stopped = await app.stop();
  onApp(undefined);
  record(`SIGTERM stops npm start and the server ${on}`, stopped.clean, `all exited in ${seconds(stopped.ms)}`);

  const restored = await run("restore", name);
  const after = await run("staff", "list");
  const filesBack = round.storedFiles.every((key, i) => {
    const file = path.join(storageDir, key);
    return existsSync(file) && readFileSync(file).equals(contents[i]!);
  });
  record(
    `restore, with the app stopped, brings back the database and the files ${on}`,
    restored.code === 0 &&
      restored.stdout.includes(`Restored ${name}`) &&
      restored.stdout.includes("decrypted with the backup key") &&
      staffLine(after, ADMIN) !== "" &&
      staffLine(after, later) === "" &&
      filesBack,
    `${outcome(restored)}; the account made after the backup: ${staffLine(after, later) ? "still there" : "gone"}; ${round.storedFiles.length} file(s) back: ${filesBack}`,
  );
}
