import { describe, inject, test } from "vitest";
import { postForm, postMultipart } from "./helpers/client";
import { database } from "./helpers/database";
import type { Reply } from "./helpers/http";
import { tally } from "./helpers/tally";
import { disposableActor, type Actor, type World } from "./helpers/world";
import { allowed, fileOf, fillPattern, perRole, POLICIES, type Expect } from "./policies";
import { routeTable } from "./route-table";

const [world] = inject("worlds");
const table = routeTable();
const FORGED_ID = "forged-id-0000";

/** Fields no client form has: ownership, roles, pipeline values, server timestamps. */
function extraFields(world: World): Record<string, string> {
  const other = world.actors["client B"];
  return {
    role: "employee",
    ownerId: other.id!,
    owner_id: other.id!,
    // Records belong to a company; a client never names one.
    companyId: world.records["client B"].companyId,
    company_id: world.records["client B"].companyId,
    createdBy: other.id!,
    created_by: other.id!,
    clientAdmin: "true",
    userId: other.id!,
    user_id: other.id!,
    appliedBy: other.id!,
    applied_by: other.id!,
    status: "Resolved",
    stage: "hired",
    progress: "99",
    sender: "staff",
    senderName: "Forged Staff",
    emailVerified: "true",
    id: FORGED_ID,
    jobId: world.openings[1],
    createdAt: "0",
    submittedAt: "0",
    updatedAt: "0",
  };
}

/**
 * The support desk's staff-only fields, forged on the Support panel's forms only (the
 * resume form's 30-field cap would refuse the application form with them all).
 */
function deskFields(world: World, file: string): Record<string, string> {
  if (file !== "routes/portal/support.tsx") return {};
  return { assigneeId: world.actors.staff.id!, assignee: "me", priority: "urgent", waitingSince: "0", closedAt: "0" };
}

type Rows = Map<string, Record<string, unknown>>;

async function snapshot(world: World): Promise<Record<string, Rows>> {
  const db = database(world.server);
  const byId = <T extends Record<string, unknown>>(rows: T[], key = "id") =>
    new Map(rows.map((r) => [String(r[key]), r as Record<string, unknown>]));
  return {
    users: byId(
      await db.selectFrom("users").select(["id", "email", "role", "emailVerified", "companyId", "clientAdmin", "staffRole"]).execute(),
    ),
    profiles: byId(await db.selectFrom("profiles").selectAll().execute(), "userId"),
    projects: byId(await db.selectFrom("projects").selectAll().execute()),
    complaints: byId(await db.selectFrom("complaints").selectAll().execute()),
    replies: byId(await db.selectFrom("complaintReplies").selectAll().execute()),
    quotes: byId(await db.selectFrom("quotes").selectAll().execute()),
    applications: byId(await db.selectFrom("jobApplications").selectAll().execute()),
    mails: byId(await db.selectFrom("mailOutbox").select(["id", "toAddress"]).execute()),
    sessions: byId(await db.selectFrom("sessions").select(["id", "userId"]).execute()),
  };
}

/** What a post may have created, for the poster only, with the server's own defaults. */
function newRowProblems(before: Record<string, Rows>, after: Record<string, Rows>, poster: Actor, jobId: string, world: World): string[] {
  const problems: string[] = [];
  const added = (table: string) => [...after[table]!].filter(([id]) => !before[table]!.has(id)).map(([, row]) => row);
  const posterId = poster.id ?? null;
  const otherEmail = world.actors["client B"].email!;
  for (const table of Object.keys(after)) if (after[table]!.has(FORGED_ID)) problems.push(`${table} has a row with the posted id`);
  // A client's new rows are their own company's, created by them, with no staff owner.
  const companyId = posterId === null ? undefined : after.users!.get(posterId)?.companyId;
  for (const p of added("projects")) {
    if (p.createdBy !== posterId || p.companyId !== companyId || p.ownerId !== null || Number(p.progress) !== 0)
      problems.push(`new project ${JSON.stringify(p)}`);
  }
  for (const c of added("complaints")) {
    if (c.createdBy !== posterId || c.companyId !== companyId || c.status !== "Pending" || c.assigneeId !== null || c.priority !== "normal")
      problems.push(`new complaint ${JSON.stringify(c)}`);
  }
  // No client form assigns a request or sets its priority, their own company's included.
  for (const [id, c] of after.complaints!) {
    const was = before.complaints!.get(id);
    if (was && (was.assigneeId !== c.assigneeId || was.priority !== c.priority))
      problems.push(`complaint ${id} desk fields changed: ${JSON.stringify(was)} → ${JSON.stringify(c)}`);
  }
  for (const r of added("replies")) {
    const complaint = after.complaints!.get(String(r.complaintId));
    if (r.sender !== "user" || complaint?.companyId !== companyId) problems.push(`new reply ${JSON.stringify(r)}`);
  }
  // The time of consent is the server's, the moment the record was stored.
  const consentProblem = (r: Record<string, unknown>) => r.consentVersion === null || Number(r.consentedAt) !== Number(r.submittedAt);
  for (const q of added("quotes"))
    if (q.status !== "new" || Number(q.submittedAt) < Date.now() - 60_000 || consentProblem(q))
      problems.push(`new quote ${JSON.stringify(q)}`);
  for (const a of added("applications")) {
    if (a.appliedBy !== posterId || a.stage !== "new" || a.jobId !== jobId || consentProblem(a))
      problems.push(`new application ${JSON.stringify(a)}`);
  }
  for (const u of added("users")) if (u.role !== "client" || Boolean(u.emailVerified)) problems.push(`new user ${JSON.stringify(u)}`);
  for (const p of added("profiles"))
    if (p.userId !== posterId || p.email !== poster.email) problems.push(`new profile ${JSON.stringify(p)}`);
  for (const m of added("mails")) if (m.toAddress === otherEmail) problems.push(`a mail went to the other client (${otherEmail})`);
  for (const s of added("sessions"))
    if (s.userId === world.actors["client B"].id) problems.push("a session was created for the other client");
  return problems;
}

/** The poster's company: their teammates' rows are theirs to work on too. */
function companyOf(rows: Record<string, Rows>, poster: Actor): unknown {
  return poster.id ? (rows.users!.get(poster.id)?.companyId ?? "none") : "none";
}

/** Rows that existed before and belong to someone else than the poster must be untouched. */
function othersChanged(before: Record<string, Rows>, after: Record<string, Rows>, poster: Actor): string[] {
  const problems: string[] = [];
  const mine = (table: string, row: Record<string, unknown>) =>
    (table === "users" && row.id === poster.id) ||
    (table === "profiles" && row.userId === poster.id) ||
    (table === "sessions" && row.userId === poster.id) ||
    ((table === "projects" || table === "complaints") && row.companyId === companyOf(before, poster)) ||
    (table === "replies" && before.complaints!.get(String(row.complaintId))?.companyId === companyOf(before, poster));
  // A client's own account never gains another company, client admin or a staff role from a form.
  const own = poster.id ? [before.users!.get(poster.id), after.users!.get(poster.id)] : [];
  if (
    own[0] &&
    own[1] &&
    ["companyId", "clientAdmin", "staffRole"].some((k) => JSON.stringify(own[0]![k]) !== JSON.stringify(own[1]![k]))
  ) {
    problems.push(`the poster's own account changed: ${JSON.stringify(own[0])} → ${JSON.stringify(own[1])}`);
  }
  for (const table of Object.keys(before)) {
    if (table === "mails") continue; // the mail worker updates delivery columns on its own
    for (const [id, row] of before[table]!) {
      if (mine(table, row)) continue;
      const now = after[table]!.get(id);
      // A client admin's Team page removes a teammate, the form's whole purpose; no
      // forged field may change a teammate's row in any other way.
      if (table === "users" && now === undefined && row.companyId === companyOf(before, poster)) continue;
      if (JSON.stringify(now) !== JSON.stringify(row))
        problems.push(`${table} ${id} changed: ${JSON.stringify(row)} → ${JSON.stringify(now)}`);
    }
  }
  const me = after.users!.get(poster.id ?? "");
  const was = before.users!.get(poster.id ?? "");
  if (me && was && (me.role !== was.role || me.email !== was.email || me.emailVerified !== was.emailVerified))
    problems.push(`the poster's account changed: ${JSON.stringify(me)}`);
  return problems;
}

const matches = (reply: Reply, want: Expect) =>
  reply.status === want.status &&
  (want.location === undefined ||
    (want.location instanceof RegExp ? want.location.test(reply.location ?? "") : reply.location === want.location));

describe("Mass assignment", () => {
  test("Every form a guest or client may post ignores role, owner, status, progress, appliedBy and other server-decided fields", async (context) => {
    const t = tally(context, "Mass assignment");
    for (const route of table) {
      const policy = POLICIES[route.file];
      if (!policy?.post) continue;
      for (const [intentName, intent] of Object.entries(policy.post.intents)) {
        for (const name of ["guest", "client A"] as const) {
          const base = world!.actors[name];
          if (!allowed(policy.post.access, base.role) || intentName === "google") continue;
          const actor = await disposableActor(world!, base, intent.disposable);
          const cell = { world: world!, actor, side: "own" as const, seq: Date.now() };
          const url = fillPattern(route.pattern, policy.params?.(cell) ?? {}) + (route.index ? "?index" : "");
          const fields = { ...extraFields(world!), ...deskFields(world!, route.file), ...(await intent.body(cell)) };
          const before = await snapshot(world!);
          const reply = intent.file
            ? await postMultipart(world!.server, url, fields, fileOf(intent, cell), { cookie: actor.cookie })
            : await postForm(world!.server, url, fields, { cookie: actor.cookie });
          const after = await snapshot(world!);
          const label = `POST ${route.pattern} ${intentName || "(form)"} as ${name} with forged fields`;
          const want = perRole(intent.ok, actor.role);
          t.check(
            `${label} still succeeds (the extra fields are ignored)`,
            matches(reply, want),
            `got ${reply.status} ${reply.location ?? ""}`,
          );
          const jobId = world!.openings[0];
          const problems = [...newRowProblems(before, after, actor, jobId, world!), ...othersChanged(before, after, actor)];
          t.check(
            `${label} creates only the poster's rows with server defaults and changes nobody else's`,
            problems.length === 0,
            problems.join("; "),
          );
        }
      }
    }
    t.done();
  });
});
