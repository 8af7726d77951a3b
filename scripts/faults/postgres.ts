import pg from "pg";
import { startSmtpServer } from "../../tests/helpers/smtp";
import { postgresDataDir, startAppServer } from "./lib/app-server";
import { emailOf, isSuccess, postQuote, readyFormToken, runTag } from "./lib/forms";
import { missingRows, openInspector } from "./lib/inspect";
import { clusterUnavailable, createPrivateCluster } from "./lib/postgres-cluster";
import { log, onCleanup, reservePort, sleep } from "./lib/processes";
import type { Outcome } from "./lib/report";
import { deliveredOnce } from "./smtp";

//, part 6: PostgreSQL (a private cluster) restarted under load. The app recovers without a
// restart: /readyz goes red during the outage and green after, requests after recovery succeed,
// acknowledged quotes are stored, live updates flow again and every mail is sent exactly once.

const CATEGORY = "PostgreSQL restarted under load";
const CLIENTS = 10;
// Two clients post quotes, paced so that mail keeps flowing through the outage (the worker is
// mid-send when the database goes) without a backlog that takes minutes to drain.
const POSTERS = 2;
const POST_PAUSE_MS = 100;
const OUTAGE_MS = 4_000;

interface Sample {
  started: number;
  status: number;
  email?: string;
}

export async function postgresSuite(): Promise<Outcome[]> {
  const unavailable = clusterUnavailable();
  if (unavailable) {
    const bar = "!".repeat(78);
    console.log(`\n${bar}\n!!  ${CATEGORY}: SKIPPED: ${unavailable}\n${bar}\n`);
    return [{ category: CATEGORY, tried: 0, passed: 0, skipped: unavailable }];
  }
  log("postgres: private cluster (initdb)");
  const cluster = createPrivateCluster(await reservePort());
  await cluster.start();
  log("postgres: cluster up; starting the app");
  const smtp = await startSmtpServer({ port: await reservePort() });
  onCleanup(() => smtp.stop());
  const data = postgresDataDir("postgres", cluster.url);
  const server = await startAppServer(data, await reservePort(), { SMTP_URL: smtp.url, MAIL_SALES_TO: "sales@example.com" });
  const alive = () => server.child.exitCode === null && server.child.signalCode === null;
  try {
    log("postgres: app up");
    const formToken = await readyFormToken(server.url);
    await fetch(`${server.url}/careers`).then((res) => res.text()); // cached from now on
    const tag = runTag("pg");
    let next = 0;
    let running = true;
    const posts: Sample[] = [];
    const pages: Sample[] = [];
    const probes: Sample[] = [];
    const client = async (n: number) => {
      while (running) {
        const i = next++;
        const started = Date.now();
        if (n >= POSTERS) {
          // An uncached page that reads the database.
          pages.push({
            started,
            status: await fetch(`${server.url}/careers?probe=${i}`).then(
              (r) => (r.body?.cancel(), r.status),
              () => 0,
            ),
          });
        } else {
          const email = emailOf(tag, i);
          posts.push({ started, email, status: await postQuote(server.url, formToken, email, i) });
          await sleep(POST_PAUSE_MS);
        }
      }
    };
    const probe = async () => {
      while (running) {
        const started = Date.now();
        probes.push({
          started,
          status: await fetch(`${server.url}/readyz`).then(
            (r) => (r.body?.cancel(), r.status),
            () => 0,
          ),
        });
        await sleep(100);
      }
    };
    const load = [...Array.from({ length: CLIENTS }, (_, n) => client(n)), probe()];

    await sleep(2_500);
    log("postgres: fast shutdown under load");
    const down = Date.now();
    await cluster.stop();
    await sleep(OUTAGE_MS);
    await cluster.start();
    const up = Date.now();
    log("postgres: started again; waiting for /readyz");
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !probes.some((p) => p.started > up && p.status === 200)) await sleep(100);
    const green = probes.find((p) => p.started > up && p.status === 200)?.started;
    await sleep(3_000);
    running = false;
    await Promise.all(load);

    const after = (samples: Sample[]) => samples.filter((s) => green !== undefined && s.started > green);
    const failedAfter = [...after(posts), ...after(pages)].filter((s) => !isSuccess(s.status));
    const acked = posts.filter((s) => isSuccess(s.status)).map((s) => s.email!);
    const checks: [string, boolean][] = [
      ["the server process kept running (no restart)", alive()],
      ["/readyz answered 200 before the outage", probes.some((p) => p.started < down && p.status === 200)],
      ["/readyz answered 503 while PostgreSQL was down", probes.some((p) => p.started > down && p.started < up && p.status === 503)],
      [`/readyz answered 200 again after the restart`, green !== undefined],
      [
        `${after(posts).length + after(pages).length} requests after recovery all succeeded`,
        green !== undefined && failedAfter.length === 0 && after(posts).length > 0,
      ],
    ];
    if (!alive()) {
      log(`the server died:\n${server.output().slice(-3_000)}`);
      return [
        {
          category: CATEGORY,
          tried: checks.length,
          passed: checks.filter(([, ok]) => ok).length,
          failures: checks.filter(([, ok]) => !ok).map(([name]) => name),
        },
      ];
    }
    const db = await openInspector(data);
    try {
      log("postgres: checking rows, live updates and mail");
      const lost = await missingRows(db, "quotes", acked);
      checks.push([`all ${acked.length} acknowledged quotes are stored`, lost.length === 0]);
      checks.push(["live updates flow again: a new opening shows on the cached /careers", await openingShowsUp(server.url, cluster.url)]);
      log("postgres: waiting for the outbox to drain");
      const mail = await deliveredOnce(db, () => smtp.messages, 90_000);
      log("postgres: drained");
      checks.push([`every outbox mail sent exactly once (${mail.summary})`, mail.ok]);
    } finally {
      await db.close();
    }
    const recovery = green === undefined ? "never" : `${((green - up) / 1000).toFixed(1)} s`;
    return [
      {
        category: CATEGORY,
        tried: checks.length,
        passed: checks.filter(([, ok]) => ok).length,
        notes: `${OUTAGE_MS / 1000} s outage under ${CLIENTS} clients; /readyz green ${recovery} after PostgreSQL was back; ${posts.length} posts (${acked.length} acknowledged), ${pages.length} page loads; ${failedAfter.length} failures after recovery`,
        failures: checks.filter(([, ok]) => !ok).map(([name]) => name),
      },
    ];
  } finally {
    await server.stop();
  }
}

/** Inserts an open opening behind the app's back; the content watcher and LISTEN/NOTIFY must refresh /careers. */
async function openingShowsUp(url: string, databaseUrl: string): Promise<boolean> {
  const title = `Reliability Engineer ${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const now = Date.now();
    await client.query(
      `insert into job_openings (id, title, location, type, description, salary, requirements, status, created_at, updated_at)
       values ($1, $2, 'Pune, India', 'Full-time', 'Keeps things running when databases restart.', '', '[]', 'open', $3, $3)`,
      [`faults-${now.toString(36)}`, title, now],
    );
  } finally {
    await client.end();
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if ((await fetch(`${url}/careers`).then((r) => r.text())).includes(title)) return true;
    await sleep(250);
  }
  return false;
}
