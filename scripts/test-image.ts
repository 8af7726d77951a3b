// `npm run test:image`: builds the real Dockerfile (on base images made here when no registry can
// supply them: scripts/image/local-base.sh), runs the image on loopback with a /data volume, and
// checks that the site answers, Docker sees it healthy, the image's admin tool creates a staff
// account, the data survives a new container, and SIGTERM stops it cleanly. Prints one row per
// check, the timings and the sizes; exits 1 if a check failed. Skips (exit 0) without docker.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { docker, inspect, killRunning, megabytes, run, waitFor } from "./image/docker";
import {
  artifactCheck,
  composeCommand,
  composeEnvForCheck,
  imageContentsCheck,
  openEventStream,
  startContainer,
  stopContainer,
  type Started,
} from "./image/checks";

const TAG = "agency-site:test";
const NODE_IMAGE = "node:24-bookworm-slim";
const DEBIAN_IMAGE = "debian:bookworm-slim";
// A cold build (base images, two npm installs, better-sqlite3 compiled, the app built) on two busy
// cores is about ten minutes; a warm one takes seconds.
const LIMIT_MS = 30 * 60_000;
const STAFF = { email: "ops@indigokite.dev", password: "image-test-Staff-password-7" };
const id = `agency-image-test-${process.pid}`;
const volume = `${id}-data`;
const work = mkdtempSync(path.join(tmpdir(), "agency-image-"));

const rows: { check: string; result: "pass" | "FAIL" | "skip"; detail: string }[] = [];
const timings: [string, number][] = [];
const started = performance.now();

function record(check: string, ok: boolean | "skip", detail: string) {
  const result = ok === "skip" ? "skip" : ok ? "pass" : "FAIL";
  rows.push({ check, result, detail });
  process.stderr.write(`[image] ${result.padEnd(4)} ${check}: ${detail}\n`);
}

function skip(reason: string): never {
  const bar = "!".repeat(78);
  console.log(`\n${bar}\n!!\n!!  IMAGE TEST SKIPPED: ${reason}\n!!\n${bar}\n`);
  process.exit(0);
}

const timer = setTimeout(() => {
  record("finished within the time limit", false, `still running after ${LIMIT_MS / 60_000} min`);
  void finish();
}, LIMIT_MS);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void finish(130));

let finishing: Promise<never> | undefined;
function finish(code?: number): Promise<never> {
  finishing ??= (async () => {
    clearTimeout(timer);
    killRunning();
    await docker(["rm", "--force", `${id}-a`, `${id}-b`]);
    await docker(["volume", "rm", "--force", volume]);
    rmSync(work, { recursive: true, force: true });
    const size = await inspect(TAG, "{{.Size}}");
    console.log("\n| check | result | detail |\n|---|---|---|");
    for (const r of rows) console.log(`| ${r.check} | ${r.result} | ${r.detail} |`);
    console.log("\n| step | seconds |\n|---|---|");
    for (const [step, ms] of [...timings, ["total", performance.now() - started] as [string, number]]) {
      console.log(`| ${step} | ${(ms / 1000).toFixed(1)} |`);
    }
    if (size) {
      const bases = await Promise.all(
        [DEBIAN_IMAGE, NODE_IMAGE].map(async (image) => `${image} ${megabytes(await inspect(image, "{{.Size}}"))}`),
      );
      console.log(`\nimage ${TAG}: ${megabytes(size)} (bases: ${bases.join(", ")})`);
    }
    const failed = rows.some((r) => r.result === "FAIL");
    process.exit(code ?? (failed || rows.length === 0 ? 1 : 0));
  })();
  return finishing;
}

/** Both base images present, made here (debootstrap) or pulled; false when neither can be done. */
async function ensureBaseImages(): Promise<boolean> {
  const present = async () => (await inspect(NODE_IMAGE, "{{.Id}}")) !== "" && (await inspect(DEBIAN_IMAGE, "{{.Id}}")) !== "";
  if (await present()) return true;
  const local = existsSync("/usr/sbin/debootstrap") && process.getuid?.() === 0;
  const made = local
    ? await run("bash", ["scripts/image/local-base.sh"], { log: path.join(work, "base.log") })
    : await docker(["pull", "--quiet", NODE_IMAGE]).then(async (r) => (r.status === 0 ? docker(["pull", "--quiet", DEBIAN_IMAGE]) : r));
  timings.push([local ? "base images (debootstrap + Node from npm)" : "base images (pulled)", made.ms]);
  if (made.status !== 0 && local) process.stderr.write(readFileSync(path.join(work, "base.log"), "utf8").slice(-3000));
  return made.status === 0 && (await present());
}

try {
  const info = await docker(["info", "--format", "{{.ServerVersion}}"], { timeoutMs: 15_000 });
  if (info.status !== 0) skip("no docker daemon answers (install docker.io and start dockerd).");
  if (!(await ensureBaseImages())) skip(`${NODE_IMAGE} and ${DEBIAN_IMAGE} could not be pulled or made (debootstrap, as root).`);

  const previous = await inspect(TAG, "{{.Id}}");
  const buildLog = path.join(work, "build.log");
  const build = await docker(["build", "--network", "host", "--tag", TAG, "."], { log: buildLog });
  timings.push(["docker build", build.ms]);
  record("the Dockerfile builds", build.status === 0, `exit ${build.status}, ${(build.ms / 1000).toFixed(0)} s`);
  if (build.status !== 0) {
    process.stderr.write(readFileSync(buildLog, "utf8").slice(-4000));
    await finish();
  }
  const current = await inspect(TAG, "{{.Id}}");
  // The image this one replaced would linger untagged: remove it (layers still used stay).
  if (previous && previous !== current) await docker(["image", "rm", previous]);

  const config = JSON.parse(await inspect(TAG, "{{json .Config}}")) as {
    User: string;
    Volumes: Record<string, unknown> | null;
    Healthcheck?: { Test: string[] };
    Entrypoint: string[];
  };
  record("runs as the unprivileged node user", config.User === "node", `USER ${config.User || "(root)"}`);
  record("declares /data as its volume", Object.keys(config.Volumes ?? {}).join() === "/data", Object.keys(config.Volumes ?? {}).join());
  const healthcheck = config.Healthcheck?.Test.join(" ") ?? "";
  record("has a HEALTHCHECK on /healthz", healthcheck.includes("/healthz"), healthcheck.slice(0, 60));
  record("tini is PID 1", config.Entrypoint?.[0] === "/usr/bin/tini", config.Entrypoint?.join(" ") ?? "");
  const contents = await docker(["run", "--rm", "--network", "none", "--entrypoint", "node", TAG, "-e", imageContentsCheck]);
  const found = contents.stdout.trim().split("\n");
  const looked = found.pop();
  record(
    "holds no dev package and no compiler",
    contents.status === 0 && found.length === 0 && Number(looked) > 0,
    found.join(", ") || `none of the lockfile's ${looked} dev-only packages, no gcc/g++/make/python3`,
  );

  const artifact = await docker(["run", "--rm", "--network", "none", "--entrypoint", "node", TAG, "-e", artifactCheck]);
  const { bundled, sources } = JSON.parse(artifact.stdout || "{}") as { bundled?: boolean; sources?: string[] };
  if (bundled === false) {
    record(
      "ships the artifact, no sources",
      "skip",
      `no bundled admin tools (build/tools) yet, so they run from the sources: ${sources?.join(" ")}`,
    );
  } else {
    record(
      "ships the artifact, no sources",
      bundled === true && sources?.length === 0,
      sources?.length ? `also ships ${sources.join(" ")}` : "build/tools, no sources",
    );
  }

  const runArgs = ["--volume", `${volume}:/data`, "--health-interval", "2s", "--stop-timeout", "20"];
  let a: Started = await startContainer(`${id}-a`, TAG, runArgs);
  timings.push(["first start → /healthz answers", a.msToHealthz]);
  record("the site answers on loopback", a.ok, a.detail);
  const healthy = await waitFor(async () => ((await inspect(a.name, "{{.State.Health.Status}}")) === "healthy" ? true : undefined), 30_000);
  record("Docker reports the container healthy", healthy === true, (await inspect(a.name, "{{.State.Health.Status}}")) || "no status");

  const add = await docker(["exec", a.name, "npm", "run", "staff", "--", "add", STAFF.email, "--password", STAFF.password]);
  timings.push(["npm run staff -- add (docker exec)", add.ms]);
  record(
    "the image's admin tool creates a staff account",
    add.stdout.includes(`Staff account created: ${STAFF.email}`),
    add.stdout.trim().split("\n").pop() ?? add.stderr.trim(),
  );
  const dataDir = await docker(["exec", a.name, "sh", "-c", "ls /data && cat /data/auth-secret"]);
  record(
    "the database and the generated secret are in /data",
    /app\.sqlite/.test(dataDir.stdout) && /auth-secret/.test(dataDir.stdout),
    dataDir.stdout.split("\n").slice(0, -2).join(" "),
  );

  // A visitor on /careers holds a live-update stream: the drain must end it, not wait it out.
  const stream = await openEventStream(`${a.base}/events/careers`);
  const stopA = await stopContainer(a.name);
  timings.push(["docker stop (SIGTERM → exit)", stopA.ms]);
  record("SIGTERM stops it cleanly", stopA.ok, stopA.detail);
  const streamEnd = await Promise.race([stream.ended, new Promise<string>((resolve) => setTimeout(resolve, 5_000, "still open"))]);
  record(
    "the drain ends open live-update streams",
    stream.open && streamEnd === "closed by the server",
    `stream ${stream.open ? "open" : "refused"}, then ${streamEnd}`,
  );

  a = await startContainer(`${id}-b`, TAG, runArgs);
  timings.push(["new container on the same volume → /healthz", a.msToHealthz]);
  record("a new container on the same volume answers", a.ok, a.detail);
  const list = await docker(["exec", a.name, "npm", "run", "staff", "--", "list"]);
  record(
    "the staff account survived the container",
    list.stdout.includes(STAFF.email),
    list.stdout.trim().split("\n").slice(-1)[0] ?? list.stderr.trim(),
  );
  const secretAfter = await docker(["exec", a.name, "cat", "/data/auth-secret"]);
  record(
    "sessions survive too (same auth secret)",
    secretAfter.stdout.trim() !== "" && dataDir.stdout.trim().endsWith(secretAfter.stdout.trim()),
    "compared",
  );
  const stopB = await stopContainer(a.name);
  record("SIGTERM stops the second one cleanly too", stopB.ok, stopB.detail);

  const composeEnv = path.join(work, "compose.env");
  writeFileSync(composeEnv, composeEnvForCheck());
  const compose = await composeCommand();
  if (!compose) {
    record("compose config accepts compose.yaml", "skip", "no compose here; tests/platform/compose.test.ts checks the file");
  } else {
    const config = await run(compose[0]!, [...compose.slice(1), "--env-file", composeEnv, "config", "--quiet"]);
    record("compose config accepts compose.yaml", config.status === 0, config.stderr.trim() || `valid (${compose.join(" ")})`);
  }
} catch (error) {
  record("ran to the end", false, error instanceof Error ? error.message : String(error));
}
await finish();
