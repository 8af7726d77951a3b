import { describe, inject, test } from "vitest";
import { get, postForm, postMultipart } from "./helpers/client";
import { clearRateLimits, fingerprint } from "./helpers/database";
import type { Reply } from "./helpers/http";
import { tally, type Tally } from "./helpers/tally";
import { mayUse, type ConsoleArea } from "~/lib/staff-roles";
import { ACTORS, assignedTo, disposableActor, isStaffRole, type Actor, type World } from "./helpers/world";
import { allowed, expected, fileOf, fillPattern, perRole, POLICIES, type Cell, type Expect, type RoutePolicy, type Side } from "./policies";
import { exportsAction, routeTable } from "./route-table";

const worlds = inject("worlds");
// Every route is tried by every actor on both sides; the table grows with each issue (17 added
// uploads), so the two whole-table tests get more than the suite's default two minutes.
// The support desk added seven forms (assign, priority, note, saved replies, close, reopen).
const MATRIX_TIMEOUT_MS = 540_000;
const table = routeTable();
let seq = 0;

function matches(reply: Reply, want: Expect): boolean {
  if (reply.status !== want.status) return false;
  if (want.location === undefined) return true;
  return want.location instanceof RegExp ? want.location.test(reply.location ?? "") : reply.location === want.location;
}

/** A data request answers a redirect as 202 with the target in its body. */
function matchesData(reply: Reply, want: Expect): boolean {
  if (want.status < 300 || want.status >= 400) return reply.status === want.status;
  return reply.status === 202 && (typeof want.location !== "string" || reply.body.includes(`"redirect","${want.location}"`));
}

const describeReply = (reply: Reply) => `${reply.status}${reply.location ? ` → ${reply.location}` : ""}`;
const describeExpect = (want: Expect) => `${want.status}${want.location ? ` → ${want.location}` : ""}`;

// Which console section shows each kind of marker (decision 0031).
const MARKER_AREAS: [string, ConsoleArea[]][] = [
  ["LEAD-", ["leads"]],
  ["APPLICATION-", ["applications"]],
  ["PROJECT-", ["clients"]],
  ["MILESTONE-", ["clients"]],
  ["COMPLAINT-", ["support", "clients"]],
  ["PROFILE-", ["clients", "support"]],
  ["FILE-", ["clients"]],
  // Attachment names show on the request's thread (portal Support, console Support).
  ["ATTACHMENT-", ["support"]],
  // A client's notifications are theirs alone: no console section shows them.
  ["NOTIFY-", []],
  // Internal notes show on the console request page only.
  ["NOTE-", ["support"]],
  // Invoices are billed to the INVOICE- marker: console Billing (finance, admin).
  ["INVOICE-", ["billing"]],
];

/**
 * Decision 0105: the markers of the companies a limited staff member is not assigned to (none for
 * anyone else). A lead that is not a company's yet (the world's are not converted) is nobody's
 * company data: everyone with Leads sees it, limited or not.
 */
function unassignedMarkers(world: World, actor: Actor, leadsShown = false): string[] {
  return (["client A", "client B"] as const)
    .filter((client) => !assignedTo(actor, world.records[client].companyId))
    .flatMap((client) => {
      const markers = world.records[client].markers.filter((marker) => !marker.startsWith("LEAD-"));
      // The world's clients sent their quotes themselves: on the leads pages and search, a lead
      // shows its sender's address, which is also the member's (tests/companies/assigned-accounts
      // checks search's client group by other means).
      return leadsShown ? markers.filter((marker) => marker !== world.actors[client].email) : markers;
    });
}
/** Pages that list or show leads: "GET /employee-dashboard/leads…", the search, and their forms. */
const showsLeads = (label: string) => /^(GET|POST) \/employee-dashboard\/(leads|search)\b/.test(label);

/**
 * Whether a limited staff member, allowed the route by their role, names a company they are not
 * assigned to (decision 0105): the route must answer as for an unknown id and change nothing.
 */
function limitedOut(policy: RoutePolicy, cell: Cell, access: RoutePolicy["get"]["access"], reading: boolean): boolean {
  if (!policy.company || (reading && policy.company.get === false)) return false;
  if (assignedTo(cell.actor, policy.company.of(cell)) || !allowed(access, cell.actor.role)) return false;
  // A role the route refuses anyway (a signed-in route's 403 for a section the role lacks) keeps that answer.
  return !(reading && perRole(policy.get.ok, cell.actor.role).status === 403);
}
const NOT_FOUND: Expect = { status: 404 };

/**
 * Markers of records `actor` must never be shown: the other client's, everything private to a
 * guest, for a staff role the records of sections it may not use, and for a staff member limited
 * to their assigned companies everything of the others.
 */
function forbiddenMarkers(world: World, actor: Actor, leadsShown = false): string[] {
  const a = world.records["client A"].markers;
  const b = world.records["client B"].markers;
  // An internal note is never a client's to see, their own company's request included.
  const consoleOnly = (m: string[]) => m.filter((x) => x.startsWith("LEAD-") || x.startsWith("APPLICATION-") || x.startsWith("NOTE-"));
  if (isStaffRole(actor.role)) {
    const role = actor.role;
    const hidden = MARKER_AREAS.filter(([, areas]) => !areas.some((area) => mayUse(role, area))).map(([prefix]) => prefix);
    const unassigned = unassignedMarkers(world, actor, leadsShown);
    return [...a, ...b].filter((marker) => unassigned.includes(marker) || hidden.some((prefix) => marker.startsWith(prefix)));
  }
  // Company A's two members share its records; teammates may see each other's names.
  // Notifications are personal, even between teammates.
  if (actor.name === "client A2") return [...b, ...consoleOnly(a), ...a.filter((x) => x.startsWith("NOTIFY-"))];
  if (actor.name === "client A") return [...b, ...consoleOnly(a)];
  if (actor.name === "client B") return [...a, ...consoleOnly(b)];
  return [...a, ...b];
}

function checkNoLeak(
  t: Tally,
  label: string,
  world: World,
  actor: Actor,
  reply: Reply,
  showsStaff: string[] = [],
  { eitherCompany = false }: { eitherCompany?: boolean } = {},
) {
  // Only client A's own records (the person the route names), never client B's; a form's answer
  // about the side's record (an invoice of A or of B) may show that company's.
  const own = eitherCompany
    ? [...world.records["client A"].markers, ...world.records["client B"].markers]
    : world.records["client A"].markers;
  const unassigned = unassignedMarkers(world, actor, showsLeads(label));
  const allowed = (marker: string) =>
    isStaffRole(actor.role) &&
    own.includes(marker) &&
    !unassigned.includes(marker) &&
    showsStaff.some((prefix) => marker.startsWith(prefix));
  const leaked = forbiddenMarkers(world, actor, showsLeads(label)).filter((marker) => !allowed(marker) && reply.body.includes(marker));
  t.check(`${label} shows nobody else's data`, leaked.length === 0, `contains ${leaked.join(", ")}`);
}

function sidesOf(sides: boolean | undefined): Side[] {
  return sides ? ["own", "other"] : ["own"];
}

test("Every route of the route table has a declared policy, and every module with an action declares its forms", async (context) => {
  const t = tally(context, "Authorization matrix");
  for (const route of table) {
    const policy = POLICIES[route.file];
    t.check(`${route.pattern} (${route.file}) has a policy`, policy !== undefined);
    const hasAction = await exportsAction(route);
    t.check(
      `${route.file} exports an action exactly when its policy lists forms`,
      hasAction === Boolean(policy?.post),
      `action: ${hasAction}`,
    );
  }
  for (const file of Object.keys(POLICIES))
    t.check(
      `the policy for ${file} names a route of the table`,
      table.some((r) => r.file === file),
    );
  t.done();
});

describe.each(worlds)("On $server.backend", (world) => {
  test(
    "Every page and resource answers guest, both clients and each staff role as its policy declares, showing nobody else's data",
    async (context) => {
      const t = tally(context, "Authorization matrix");
      for (const route of table) {
        const policy = POLICIES[route.file];
        if (!policy) continue;
        for (const side of sidesOf(policy.sides)) {
          for (const name of ACTORS) {
            const actor = world.actors[name];
            const cell: Cell = { world, actor, side, seq: ++seq };
            const path = fillPattern(route.pattern, policy.params?.(cell) ?? {});
            const query = typeof policy.query === "function" ? policy.query(cell) : (policy.query ?? "");
            const url = path + query;
            const reply = await get(world.server, url, actor.cookie);
            // A client naming another company's record (policy.get.othersRecord): "not found", as for an unknown id.
            const others = policy.get.othersRecord !== undefined && actor.role === "client" && side === "other";
            const want = others
              ? policy.get.othersRecord!
              : limitedOut(policy, cell, policy.get.access, true)
                ? NOT_FOUND
                : expected(policy.get.access, actor.role, policy.get.ok);
            const label = `GET ${route.pattern} (${side}) as ${name}`;
            t.check(label, matches(reply, want), `got ${describeReply(reply)}, want ${describeExpect(want)}`);
            checkNoLeak(t, label, world, actor, reply, policy.get.showsStaff);
            if (route.file.endsWith(".tsx")) {
              // The same loaders answer client-side navigations as data: same guards, same secrecy.
              const data = await get(world.server, `${path === "/" ? "/_root" : path}.data${query}`, actor.cookie);
              const dataLabel = `GET ${route.pattern}.data (${side}) as ${name}`;
              t.check(
                dataLabel,
                matchesData(data, want),
                `got ${describeReply(data)} ${data.body.slice(0, 120)}, want ${describeExpect(want)}`,
              );
              checkNoLeak(t, dataLabel, world, actor, data, policy.get.showsStaff);
            }
          }
        }
      }
      t.done();
    },
    MATRIX_TIMEOUT_MS,
  );

  test(
    "Every form answers each actor as its policy declares; a refused post changes nothing and an allowed one does",
    async (context) => {
      const t = tally(context, "Authorization matrix");
      for (const route of table) {
        const policy = POLICIES[route.file];
        if (!policy?.post) continue;
        // Each route starts with fresh limits: every actor posts from this one IP, so the per-IP mail
        // and sign-in limits other routes used up would quietly hold back a change this route owes.
        await clearRateLimits(world.server);
        for (const [intentName, intent] of Object.entries(policy.post.intents)) {
          for (const side of sidesOf(policy.sides)) {
            for (const name of ACTORS) {
              const actor = await disposableActor(world, world.actors[name], intent.disposable);
              const cell: Cell = { world, actor, side, seq: ++seq };
              const url = fillPattern(route.pattern, policy.params?.(cell) ?? {}) + (route.index ? "?index" : "");
              const fields = await intent.body(cell);
              const may = allowed(policy.post.access, actor.role);
              const others = may && intent.othersRecord !== undefined && actor.role === "client" && side === "other";
              const outside = may && limitedOut(policy, cell, policy.post.access, false);
              // Outside their companies with a role the form refuses anyway: either refusal holds
              // (the route may check the role or the company first); nothing changes either way.
              const refusedAnyway = outside && isStaffRole(actor.role) && perRole(intent.ok, actor.role).status === 403;
              const want = !may
                ? expected(policy.post.access, actor.role, { status: 0 })
                : others
                  ? intent.othersRecord!
                  : outside
                    ? (intent.limitedOut ?? NOT_FOUND)
                    : perRole(intent.ok, actor.role);
              const mustChange = may && !others && !outside && perRole(intent.changes, actor.role);

              const before = await fingerprint(world.server);
              const reply = intent.file
                ? await postMultipart(world.server, url, fields, fileOf(intent, cell)!, { cookie: actor.cookie })
                : await postForm(world.server, url, fields, { cookie: actor.cookie });
              const changed = (await fingerprint(world.server)) !== before;
              const label = `POST ${route.pattern} ${intentName || "(form)"} (${side}) as ${name}`;
              const answered = matches(reply, want) || (refusedAnyway && reply.status === 403);
              t.check(label, answered, `got ${describeReply(reply)}, want ${describeExpect(want)}${refusedAnyway ? " or 403" : ""}`);
              t.check(
                `${label} ${mustChange ? "changes" : "leaves"} the database`,
                changed === mustChange,
                changed ? "it changed" : "nothing changed",
              );
              checkNoLeak(t, label, world, actor, reply, policy.post.showsStaff, { eitherCompany: true });
              await intent.restore?.(cell);
            }
          }
        }
      }
      t.done();
    },
    MATRIX_TIMEOUT_MS,
  );
});
