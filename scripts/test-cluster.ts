// `npm run test:cluster`: two instances of the built server on one PostgreSQL
// schema and one S3 bucket (s3rver), driven over plain HTTP on loopback. Prints one row per check
// and exits 1 if any failed. Skips (exit 0) only when TEST_DATABASE_URL is unset.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ListObjectsCommand } from "@aws-sdk/client-s3";
import { startCluster, type Cluster } from "./lib/cluster";
import { get, postForm, sessionCookie, watchEvents } from "./lib/cluster-http";
import { pdf } from "../tests/fixtures/make-files";

const LIMIT_MS = 170_000;
// The free attempts plus the one the delay gate lets through (app/server/auth/sign-in-throttle.server.ts).
const LOGIN_FAILURES_BEFORE_WAITING = 6;
const rows: { check: string; ok: boolean; detail: string }[] = [];

function record(check: string, ok: boolean, detail: string) {
  rows.push({ check, ok, detail });
  process.stderr.write(`[cluster] ${ok ? "ok  " : "FAIL"} ${check}: ${detail}\n`);
}

if (!process.env.TEST_DATABASE_URL) {
  const bar = "!".repeat(78);
  console.log(
    `\n${bar}\n!!\n!!  CLUSTER TEST SKIPPED: TEST_DATABASE_URL is not set. Two instances need one PostgreSQL\n!!  database, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:cluster\n!!\n${bar}\n`,
  );
  process.exit(0);
}
if (!existsSync("build/server.js") || !existsSync("build/server/index.js")) {
  process.stderr.write("[cluster] no build found: running npm run build\n");
  execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
}

const timer = setTimeout(() => {
  record("finished within the time limit", false, `still running after ${LIMIT_MS / 1000} s`);
  void finish();
}, LIMIT_MS);
let cluster: Cluster | undefined;
let finishing: Promise<never> | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void finish(130));

function finish(code?: number): Promise<never> {
  finishing ??= (async () => {
    clearTimeout(timer);
    const failed = rows.some((r) => !r.ok);
    if (failed && cluster) process.stderr.write(`${cluster.logs()}\n`);
    await cluster?.stop().catch((error: unknown) => process.stderr.write(`[cluster] cleanup: ${String(error)}\n`));
    console.log("\n| check | result | detail |\n|---|---|---|");
    for (const r of rows) console.log(`| ${r.check} | ${r.ok ? "pass" : "FAIL"} | ${r.detail} |`);
    process.exit(code ?? (failed || rows.length === 0 ? 1 : 0));
  })();
  return finishing;
}

try {
  const started = Date.now();
  cluster = await startCluster();
  const a = await cluster.start("A");
  await cluster.addStaff("ops@indigokite.dev", "cluster-staff-password-1");
  const b = await cluster.start("B");
  record("two instances up on one schema and one bucket", true, `A ${a.url}, B ${b.url}, ${Date.now() - started} ms`);
  for (const [name, server] of [
    ["A", a],
    ["B", b],
  ] as const) {
    const ready = await get(server.url, "/readyz");
    // Ready means storage (the shared bucket) answers too; the body is a bare status.
    record(`/readyz on ${name}`, ready.status === 200 && ready.text === '{"status":"ok"}', `${ready.status} ${ready.text}`);
  }

  // Sign in on A, continue on B.
  const email = `cluster-${Date.now()}@example.com`;
  const password = "correct-horse-battery-cluster";
  await postForm(a.url, "/login?mode=register", { intent: "register", email, password });
  const signIn = await postForm(a.url, "/login", { intent: "login", email, password });
  const cookie = sessionCookie(signIn);
  const onB = await get(b.url, "/user-dashboard", cookie);
  record(
    "signed in on A, dashboard on B",
    signIn.status === 302 && onB.status === 200 && onB.text.includes(email),
    `login ${signIn.status} on A, /user-dashboard ${onB.status} on B`,
  );

  // Staff publish an opening on B while a guest's careers stream is open on A.
  const staffLogin = await postForm(b.url, "/employee-login", {
    intent: "login",
    email: "ops@indigokite.dev",
    password: "cluster-staff-password-1",
  });
  const staff = sessionCookie(staffLogin);
  const stream = await watchEvents(`${a.url}/events/careers`);
  const title = `Cluster Engineer ${Date.now()}`;
  const publishedAt = Date.now();
  const created = await postForm(
    b.url,
    "/employee-dashboard/openings/new",
    {
      intent: "save",
      title,
      location: "Pune",
      type: "Full-time",
      description: "Runs on two instances.",
      salary: "",
      requirements: ["Node.js"],
    },
    staff,
  );
  const openingId = /\/openings\/([^/?]+)\?created=1$/.exec(created.headers.get("location") ?? "")?.[1] ?? "";
  const event = await stream.waitFor((e) => e.name === "openings" && e.data.includes(openingId), 5_000);
  await stream.close();
  record(
    "opening published on B reaches A's /events/careers",
    Boolean(openingId && event),
    event ? `${event.at - publishedAt} ms after the post to B` : `no event (create answered ${created.status})`,
  );
  const careers = await get(a.url, "/careers");
  record("A's /careers lists the new opening", careers.status === 200 && careers.text.includes(title), `GET /careers ${careers.status}`);

  // A guest applies with a resume on A; staff download it on B.
  const applyPage = await get(a.url, `/apply/${openingId}`);
  const formToken = /name="formToken" value="([^"]+)"/.exec(applyPage.text)?.[1] ?? "";
  await new Promise((resolve) => setTimeout(resolve, 3_500)); // the spam defence's minimum fill time
  const resume = Buffer.concat([pdf(), Buffer.alloc(200_000, 0x25), Buffer.from("\n%%EOF\n")]); // ends with its trailer
  const applied = await postForm(a.url, `/apply/${openingId}/submit`, {
    name: "Cluster Candidate",
    email: `candidate-${Date.now()}@example.com`,
    message: "Applied on A.",
    formToken,
    website: "",
    // The privacy notice's box, ticked (app/lib/privacy-consent.ts).
    consent: "2026-11-26",
    resume: new File([new Uint8Array(resume)], "cluster cv.pdf", { type: "application/pdf" }),
  });
  const list = await get(b.url, `/employee-dashboard/applications?opening=${openingId}`, staff);
  const applicationId = /href="\/employee-dashboard\/applications\/([0-9a-f-]{36})"/.exec(list.text)?.[1] ?? "";
  const download = await get(b.url, `/employee-dashboard/applications/${applicationId}/resume`, staff);
  const objects = (await cluster.s3.client.send(new ListObjectsCommand({ Bucket: cluster.bucket }))).Contents ?? [];
  const inBucket = objects.some((o) => o.Key?.startsWith("resumes/") && o.Size === resume.length);
  record(
    "resume uploaded on A downloads on B",
    applied.status === 200 && download.status === 200 && download.bytes.equals(resume) && inBucket,
    `apply ${applied.status}, download ${download.status} (${download.bytes.length} of ${resume.length} bytes), in S3: ${inBucket}`,
  );

  // Failed sign-ins for one account, alternating A and B, reach the per-account delay at their total.
  const victim = `victim-${Date.now()}@example.com`;
  await postForm(b.url, "/login?mode=register", { intent: "register", email: victim, password });
  const statuses: number[] = [];
  for (let i = 0; i < LOGIN_FAILURES_BEFORE_WAITING; i++) {
    statuses.push(
      (await postForm(i % 2 ? b.url : a.url, "/login", { intent: "login", email: victim, password: `wrong-password-${i}` })).status,
    );
  }
  const blockedA = (await postForm(a.url, "/login", { intent: "login", email: victim, password })).status;
  const blockedB = (await postForm(b.url, "/login", { intent: "login", email: victim, password })).status;
  record(
    "failed sign-ins count across A and B",
    statuses.every((s) => s === 400) && blockedA === 429 && blockedB === 429,
    `${statuses.length} failures split over A and B answered ${[...new Set(statuses)].join("/")}; then the right password: ${blockedA} on A, ${blockedB} on B`,
  );

  // Sessions and staff access end on the other instance too, streams at once.
  const elsewhere = sessionCookie(await postForm(b.url, "/login", { intent: "login", email, password }));
  const signOutOthers = await postForm(a.url, "/account/sessions", { intent: "sign-out-others" }, cookie);
  const [elsewhereOnB, thisOnB] = [await get(b.url, "/user-dashboard", elsewhere), await get(b.url, "/user-dashboard", cookie)];
  record(
    "'Sign out everywhere else' on A ends the session used on B",
    signOutOthers.status === 302 && elsewhereOnB.status === 302 && thisOnB.status === 200,
    `post ${signOutOthers.status} on A; on B the other session: ${elsewhereOnB.status}, the one that asked: ${thisOnB.status}`,
  );
  await cluster.addStaff("leaver@indigokite.dev", "cluster-staff-password-2");
  const leaver = sessionCookie(
    await postForm(a.url, "/employee-login", { intent: "login", email: "leaver@indigokite.dev", password: "cluster-staff-password-2" }),
  );
  const leaverStream = await watchEvents(`${a.url}/events/console`, leaver);
  const staffPage = await get(b.url, "/employee-dashboard/staff", staff);
  const leaverId = /name="id" value="([^"]+)"/.exec(staffPage.text.slice(staffPage.text.indexOf("leaver@indigokite.dev")))?.[1] ?? "";
  const disabledAt = Date.now();
  const disabled = await postForm(b.url, "/employee-dashboard/staff", { intent: "disable", id: leaverId }, staff);
  // Far below the heartbeat (SSE_HEARTBEAT_MS, 15 s): the bus carries the news from B to A.
  const streamEnded = await leaverStream.waitForEnd(5_000);
  await leaverStream.close();
  const leaverOnA = await get(a.url, "/employee-dashboard", leaver);
  record(
    "a staff member disabled on B loses A's console stream at once, and A's pages",
    disabled.status === 200 && streamEnded !== null && leaverOnA.status === 302,
    `disable ${disabled.status} on B; stream on A ${streamEnded === null ? "still open after 5 s" : `ended ${streamEnded - disabledAt} ms later`}; console on A ${leaverOnA.status}`,
  );

  // A company closed on B ends its member's portal stream on A at once, and their pages.
  const memberEmail = `member-${Date.now()}@example.com`;
  const member = sessionCookie(await postForm(a.url, "/login?mode=register", { intent: "register", email: memberEmail, password }));
  await get(a.url, "/user-dashboard", member); // the first visit gives a self-registered client their company
  const memberStream = await watchEvents(`${a.url}/events/portal`, member);
  const companies = await get(b.url, `/employee-dashboard/clients?q=${encodeURIComponent(memberEmail)}`, staff);
  const companyId =
    /href="\/employee-dashboard\/clients\/([^"/?]+)"/.exec(companies.text.replace(/href="\/employee-dashboard\/clients\/new"/g, ""))?.[1] ??
    "";
  const closedAt = Date.now();
  const closed = await postForm(b.url, `/employee-dashboard/clients/${companyId}`, { intent: "close" }, staff);
  const memberStreamEnded = await memberStream.waitForEnd(5_000);
  await memberStream.close();
  const memberOnA = await get(a.url, "/user-dashboard", member);
  record(
    "a company closed on B ends its member's portal stream on A at once, and A's pages",
    companyId !== "" && closed.status === 200 && memberStreamEnded !== null && memberOnA.status !== 200,
    `company ${companyId || "not found"}; close ${closed.status} on B; stream on A ${memberStreamEnded === null ? "still open after 5 s" : `ended ${memberStreamEnded - closedAt} ms later`}; portal on A ${memberOnA.status}`,
  );

  // kill -9 B: A keeps serving, sessions and files included.
  b.child.kill("SIGKILL");
  await new Promise((resolve) => b.child.once("exit", resolve));
  const [readyA, pageA, dashboardA, resumeA] = await Promise.all([
    get(a.url, "/readyz"),
    get(a.url, "/careers"),
    get(a.url, "/user-dashboard", cookie),
    get(a.url, `/employee-dashboard/applications/${applicationId}/resume`, staff),
  ]);
  record(
    "A serves after kill -9 of B",
    readyA.status === 200 && pageA.text.includes(title) && dashboardA.status === 200 && resumeA.bytes.equals(resume),
    `/readyz ${readyA.status}, /careers ${pageA.status}, dashboard ${dashboardA.status}, resume ${resumeA.status}`,
  );
  record("total time", Date.now() - started < LIMIT_MS, `${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  record("cluster run", false, error instanceof Error ? error.message : String(error));
}
await finish();
