import { createHash, randomUUID } from "node:crypto";
import { pdf } from "../tests/fixtures/make-files";
import { sessionIdOf, storedPasskey } from "./helpers/account-records";
import { applicationFields, PASSWORD, postForm, postMultipart, quoteFields } from "./helpers/client";
import type { Fields, FilePart } from "./helpers/http";
import { CONSOLE_AREAS, mayUse, STAFF_ROLES, type ConsoleArea } from "~/lib/staff-roles";
import { database } from "./helpers/database";
import { invoiceAsSeeded, retainerRunning } from "./helpers/world-billing";
import { proposalAsSeeded } from "./helpers/world-proposals";
import { failedDelivery, MATRIX_ENDPOINT_ID, webhooksAsSeeded } from "./helpers/world-webhooks";
import { isStaffRole, MATRIX_COMPANY_ID, type Actor, type World } from "./helpers/world";
import { unsubscribeToken } from "~/server/mail/unsubscribe-token.server";
import { DEMO_BRAND } from "~/lib/brand";
import { seedSiteContent } from "~/server/db/site-seed.server";
import { demoTestimonials } from "~/content/testimonials";

// The authorization matrix's expectations, declared once per route of app/routes.ts (keyed by its
// module file). security/authorization.test.ts fails on a route without an entry here, on an
// action module without declared intents, and on every cell whose answer differs.

/**
 * Who may: anyone, any signed-in user, clients, or the staff roles that may use a console section
 * (app/lib/staff-roles.ts, decision 0031): "account" is every staff member, "staff" the Staff page.
 */
export type Access = "public" | "signed-in" | "client" | ConsoleArea;
export type Role = Actor["role"];
export type Side = "own" | "other";

export interface Expect {
  status: number;
  /** Path and query of the redirect target. */
  location?: string | RegExp;
}
/** One answer, or one per role; `staff` stands for every staff role not named. */
type PerRole<T> = T | Partial<Record<Role | "staff", T>>;

export interface Cell {
  world: World;
  actor: Actor;
  /** Records of the acting client ("own"), or of the other client; for guests and staff, A is "own". */
  side: Side;
  /** Unique per cell, for values that must differ on every post. */
  seq: number;
}

/** The file an intent posts for this cell. */
export function fileOf(intent: Intent, cell: Cell): FilePart | undefined {
  return typeof intent.file === "function" ? intent.file(cell) : intent.file;
}

export interface Intent {
  body(cell: Cell): Fields | Promise<Fields>;
  /** A file to post with the form, or one made per cell. */
  file?: FilePart | ((cell: Cell) => FilePart);
  /** The answer when the actor may post this form. */
  ok: PerRole<Expect>;
  /** Whether an allowed post changes the database (a refused one never may). */
  changes: PerRole<boolean>;
  /** Owner-scoped: a client naming another client's record gets this, and nothing changes. */
  othersRecord?: Expect;
  /** Ends the actor's session or account: the cell gets a fresh sign-in, or a fresh client. */
  disposable?: "session" | "account";
  /**
   * Puts the record back as the world seeded it, after the cell (every harness calls it): a toggle's
   * body prepares the state it changes, which must not outlast the cell (other suites use it).
   */
  restore?: (cell: Cell) => Promise<void>;
  /**
   * Decision 0105: the answer to a staff member limited to their assigned companies who is not
   * assigned to the route's company, when it is not 404: a role's refusal that comes first (403),
   * or a form that answers as for a company that does not exist (400). Nothing changes either way.
   */
  limitedOut?: Expect;
}

export interface RoutePolicy {
  /**
   * Decision 0105: the company whose data the URL and its forms name. A staff member limited to their
   * assigned companies who is not assigned to it gets 404 (or the intent's `limitedOut`) and changes
   * nothing, as for an unknown id; `get: false` when the page answers before reading it (405).
   */
  company?: { of: (cell: Cell) => string; get?: boolean };
  /** Fills the pattern's :params and "*" for a cell. */
  params?: (cell: Cell) => Record<string, string>;
  /** A query string for the GETs ("?q=…"), e.g. a search that reaches every actor's records. */
  query?: string | ((cell: Cell) => string);
  /** Whether the params or the posted ids name a record: then both sides are tried. */
  sides?: boolean;
  /** `othersRecord`: what a client gets for a record of another company (sides only), e.g. 404. */
  get: {
    access: Access;
    ok: PerRole<Expect>;
    othersRecord?: Expect;
    /** Marker prefixes of client A's records (the person the URL names) that staff allowed here may see, beyond their sections'. */
    showsStaff?: string[];
  };
  /** `ignoresBody`: the action acts on the session or URL alone and never reads the form. */
  /**
   * `showsStaff`: marker prefixes of the side's company that the staff allowed here may see in a
   * form's answer, beyond their sections' (the draft editor lists the company's projects).
   */
  post?: { access: Access; intents: Record<string, Intent>; ignoresBody?: boolean; showsStaff?: string[] };
}

const ok200: Expect = { status: 200 };
const notFound: Expect = { status: 404 };
const forbidden: Expect = { status: 403 };
const to = (location: string | RegExp, status = 302): Expect => ({ status, location });
/** Admin only: the section's other roles are refused with 403. */
const adminOnly = <T>(admin: T, staff: T): PerRole<T> => ({ admin, staff });
const page = (access: Access, ok: PerRole<Expect> = ok200): Pick<RoutePolicy, "get"> => ({ get: { access, ok } });
/** A page and its forms, both for `access` (the forms' own answers are the intents'). */
const withForms = (access: Access, intents: Record<string, Intent>, ok: PerRole<Expect> = ok200): RoutePolicy => ({
  ...page(access, ok),
  post: { access, intents },
});
/** A page of one record (its id from the cell's side): both sides are tried. */
const recordPage = (id: (c: Cell) => string, access: Access, ok: PerRole<Expect> = ok200): RoutePolicy => ({
  params: (c) => ({ id: id(c) }),
  sides: true,
  ...page(access, ok),
});
/** An allowed post that answers 200 and changes the database, unless `extra` says otherwise. */
const changes = (body: Intent["body"], extra: Partial<Intent> = {}): Intent => ({ body, ok: ok200, changes: true, ...extra });
/** A post the form itself turns down (or has nothing to do): it answers `ok` and changes nothing. */
const noChange = (body: Intent["body"], ok: PerRole<Expect>): Intent => ({ body, ok, changes: false });
/** Owner-scoped: a client naming another company's record gets "not found", like an unknown id. */
const owned = (body: Intent["body"], extra: Partial<Intent> = {}): Intent => changes(body, { othersRecord: notFound, ...extra });
/** A body that first puts its record in the state the form changes. */
const after =
  (prepare: (c: Cell) => Promise<unknown>, fields: Intent["body"]): Intent["body"] =>
  async (c) => {
    await prepare(c);
    return fields(c);
  };

/** The client whose records a cell names: the actor's company's ("own", A2 names A's), or the other company's. */
function owner(cell: Cell): Actor {
  const a = cell.world.actors["client A"];
  const b = cell.world.actors["client B"];
  const mine = cell.actor.name === "client B" ? b : a;
  return cell.side === "own" ? mine : mine === a ? b : a;
}
const recordsOf = (cell: Cell) => cell.world.records[owner(cell).name as "client A" | "client B"];
const pick = <T>(cell: Cell, pair: [T, T]) => pair[cell.side === "own" ? 0 : 1];
const opening = (cell: Cell) => ({ id: cell.world.openings[0] });

// Never the starting value, so every allowed post changes something.
const LEAD_STATUSES = ["contacted", "proposal", "won", "lost"];
const STAGES = ["reviewing", "interview", "offer", "hired", "rejected"];
const note = (cell: Cell) => ({ intent: "note", text: `Matrix note ${cell.seq}` });
const openingFields = (cell: Cell) => ({
  title: `Matrix Engineer ${cell.seq}`,
  location: "Pune",
  type: "Contract",
  description: "Written by the authorization matrix.",
  salary: "",
  "requirements[0]": "Reads tables",
});
const testimonialFields = (cell: Cell) => ({ review: `Matrix review ${cell.seq}`, name: "Matrix Reviewer", category: "Web Platform" });
const resume: FilePart = { filename: "cv.pdf", bytes: pdf() };
// A user's own sign-in records. Staff act on their own (sides do not apply to them);
// a client on the "other" side names the other client's record; a guest names client A's.
// Sign-in records are personal: a client's "own" is their own account, never a teammate's.
const selfOrOwner = (cell: Cell) =>
  isStaffRole(cell.actor.role) || (cell.actor.role === "client" && cell.side === "own") ? cell.actor : owner(cell);
const accountPage = { client: "/user-dashboard/settings", staff: "/employee-dashboard/account" } as const;
const backToAccount = (notice: string): PerRole<Expect> => ({
  client: to(`${accountPage.client}?notice=${notice}`),
  staff: to(`${accountPage.staff}?notice=${notice}`),
});
// A fresh unread notification for a cell: the actor's own, or on the "other" side a
// client's of the other company (staff have no "other": their own again).
const backToNotifications: PerRole<Expect> = {
  client: to("/user-dashboard/notifications", 303),
  staff: to("/employee-dashboard/notifications", 303),
};
async function unreadNotification(c: Cell): Promise<string> {
  const person = c.actor.role === "guest" || (c.actor.role === "client" && c.side === "other") ? owner(c) : c.actor;
  const id = randomUUID();
  await database(c.world.server)
    .insertInto("notifications")
    .values({
      id,
      userId: person.id!,
      type: "progress_change",
      eventKey: `matrix-read:${id}`,
      title: `Matrix notification ${c.seq}`,
      body: "",
      link: "/user-dashboard/projects",
      actorName: null,
      createdAt: Date.now(),
      readAt: null,
    })
    .execute();
  return id;
}
// A credential nobody has: the sign-in gets as far as looking it up.
const unknownAssertion = JSON.stringify({
  id: "matrix-unknown",
  rawId: "matrix-unknown",
  type: "public-key",
  response: {},
  clientExtensionResults: {},
});

/**
 * Puts a record in the state a toggle form changes, as the admin through the app (caches and events
 * follow): with one actor per staff role, an earlier role's allowed post has already toggled it.
 */
async function asAdmin(cell: Cell, path: string, fields: Fields): Promise<void> {
  const reply = await postForm(cell.world.server, path, fields, { cookie: cell.world.actors.staff.cookie });
  if (reply.status !== 200) throw new Error(`preparing ${path} ${fields.intent} answered ${reply.status}`);
}
const CONSOLE = "/employee-dashboard";
/** A list page's toggle (`intent` on record `id`), after the admin set the opposite with `undo`. */
const listToggle =
  (list: string, intent: string, undo: string, id: (c: Cell) => string): Intent["body"] =>
  async (c) => {
    await asAdmin(c, `${CONSOLE}/${list}`, { intent: undo, id: id(c) });
    return { intent, id: id(c) };
  };
/** A record page's toggle, after the admin set the opposite with `undo`. */
const pageToggle =
  (list: string, intent: string, undo: string, id: (c: Cell) => string): Intent["body"] =>
  async (c) => {
    await asAdmin(c, `${CONSOLE}/${list}/${id(c)}`, { intent: undo });
    return { intent };
  };
/**
 * A record's two-way switch (close and reopen, hide and show…) on a list or a record page: each
 * form after the admin set the other; `restore` puts the record back as seeded.
 */
const toggles = (
  toggle: typeof listToggle,
  list: string,
  [a, b]: [string, string],
  id: (c: Cell) => string,
  restore: (c: Cell) => Promise<void>,
): Record<string, Intent> => ({
  [a]: changes(toggle(list, a, b, id), { restore }),
  [b]: changes(toggle(list, b, a, id), { restore }),
});
const openingOf = (c: Cell) => pick(c, c.world.openings);
const testimonialOf = (c: Cell) => pick(c, c.world.testimonials);
const projectOf = (c: Cell) => recordsOf(c).projectId;
const withIntents = (policy: RoutePolicy, access: Access, intents?: Record<string, Intent>): RoutePolicy =>
  intents ? { ...policy, post: { access, intents } } : policy;
/** A console tab of the side's project (clients area), with its forms if any. */
const consoleTab = (intents?: Record<string, Intent>): RoutePolicy => ({
  ...withIntents(recordPage(projectOf, "clients"), "clients", intents),
  company: { of: (c) => recordsOf(c).companyId },
});
/** A portal tab of the side's project: a member reads their company's; another company's is "not found". */
const portalTab = (intents?: Record<string, Intent>): RoutePolicy =>
  withIntents(
    { params: (c) => ({ id: projectOf(c) }), sides: true, get: { access: "client", ok: ok200, othersRecord: notFound } },
    "client",
    intents,
  );
// The client's company: the world's records carry it once the matrix seeds companies.
const companyOf = (c: Cell) => recordsOf(c).companyId;
const staffProjectFields = (c: Cell, title: string) => ({
  title,
  description: `Written by the authorization matrix ${c.seq}.`,
  status: "in_progress",
  startDate: "2026-01-01",
  dueDate: "2026-12-31",
  ownerId: "",
});
// As seeded: openings open, testimonials visible, complaints pending.
const reopened = async (c: Cell) => asAdmin(c, `${CONSOLE}/openings`, { intent: "reopen", id: openingOf(c) });
const shown = async (c: Cell) => asAdmin(c, `${CONSOLE}/testimonials`, { intent: "show", id: testimonialOf(c) });
// As seeded: projects not archived.
const unarchived = async (c: Cell) => asAdmin(c, `${CONSOLE}/projects/${projectOf(c)}`, { intent: "restore" });
const pending = async (c: Cell) =>
  asAdmin(c, `${CONSOLE}/support/${recordsOf(c).complaintId}`, { intent: "set-status", status: "Pending" });
// The support desk's fields, put back as seeded (unassigned, Normal, Pending) through the
// database: the forms under test are the ones that change them.
const complaintOfCell = (c: Cell) => recordsOf(c).complaintId;
async function deskAsSeeded(c: Cell): Promise<void> {
  await database(c.world.server)
    .updateTable("complaints")
    .set({ assigneeId: null, priority: "normal", status: "Pending", closedAt: null })
    .where("id", "=", complaintOfCell(c))
    .execute();
}
/** A desk form (assign, priority…) on the request as seeded, put back after the cell. */
const deskChange = (fields: Intent["body"]): Intent => changes(after(deskAsSeeded, fields), { restore: deskAsSeeded });
async function closedComplaint(c: Cell): Promise<string> {
  await database(c.world.server)
    .updateTable("complaints")
    .set({ status: "Closed", closedAt: Date.now() })
    .where("id", "=", complaintOfCell(c))
    .execute();
  return complaintOfCell(c);
}
async function spareSavedReply(c: Cell): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await database(c.world.server)
    .insertInto("savedReplies")
    .values({ id, title: `Spare ${c.seq}`, body: "Hello {client_name}", createdBy: null, createdAt: now, updatedAt: now })
    .execute();
  return id;
}

// The world's webhook endpoint (security/helpers/world-webhooks.ts).
const webhooksSeeded = (c: Cell) => webhooksAsSeeded(c.world.server);
async function endpointEnabled(c: Cell): Promise<void> {
  await database(c.world.server)
    .updateTable("webhookEndpoints")
    .set({ enabled: (c.world.server.databaseUrl.startsWith("file:") ? 1 : true) as never, disabledReason: null })
    .where("id", "=", MATRIX_ENDPOINT_ID)
    .execute();
}

// Milestones and approvals of the side's project, put in place through the database.
const milestoneOf = (c: Cell) => recordsOf(c).milestoneId;
/** The marker milestone moved to the top or the bottom of its project's list, so a move changes it. */
async function milestoneAt(c: Cell, where: "first" | "last"): Promise<string> {
  await spareMilestone(c);
  await database(c.world.server)
    .updateTable("milestones")
    .set({ position: where === "first" ? -1_000_000 : 1_000_000 })
    .where("id", "=", milestoneOf(c))
    .execute();
  return milestoneOf(c);
}
async function spareMilestone(c: Cell): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await database(c.world.server)
    .insertInto("milestones")
    .values({
      id,
      projectId: projectOf(c),
      title: `Spare ${c.seq}`,
      description: "",
      dueDate: null,
      status: "planned",
      position: c.seq,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    })
    .execute();
  return id;
}
/** As seeded: progress set by hand (the Details tab's progress form counts on it). */
async function manualProgress(c: Cell): Promise<void> {
  await database(c.world.server).updateTable("projects").set({ progressMode: "manual" }).where("id", "=", projectOf(c)).execute();
}
/** No request waits on `subjectId` (a milestone or a file), so asking again is allowed. */
async function noApprovalWaiting(c: Cell, subjectId = milestoneOf(c)): Promise<void> {
  await database(c.world.server)
    .updateTable("approvals")
    .set({ status: "withdrawn", decidedAt: Date.now(), decidedByName: "Matrix" })
    .where("subjectId", "=", subjectId)
    .where("status", "=", "pending")
    .execute();
}
/** A request waiting on the side's marker milestone (a fresh one: a decision is final). */
async function approvalWaiting(c: Cell): Promise<string> {
  await noApprovalWaiting(c);
  const id = randomUUID();
  await database(c.world.server)
    .insertInto("approvals")
    .values({
      id,
      projectId: projectOf(c),
      subjectType: "milestone",
      subjectId: milestoneOf(c),
      requestedBy: null,
      requestedByName: "Matrix",
      requestedAt: Date.now(),
      note: "",
      status: "pending",
      decidedBy: null,
      decidedByName: null,
      decidedAt: null,
      comment: "",
    })
    .execute();
  return id;
}

// The spare company stays open, and the operator's switches on, outside a cell.
const companyOpen = async (c: Cell) => asAdmin(c, `${CONSOLE}/clients/${MATRIX_COMPANY_ID}`, { intent: "reopen" });
// Site content (console → Site): a seeded service each cell edits, read fresh for its lock counter.
const SITE_ITEM = "service-web-development";
const siteParams = () => ({ type: "services", id: SITE_ITEM });
async function siteLock(c: Cell): Promise<string> {
  const row = await database(c.world.server)
    .selectFrom("siteItems")
    .select("lockVersion")
    .where("id", "=", SITE_ITEM)
    .executeTakeFirstOrThrow();
  return String(row.lockVersion);
}
const siteServiceFields = (c: Cell) => ({
  title: `Matrix Web ${c.seq}`,
  slug: "web-development",
  desc: "Fast, accessible websites.",
  details: `Paragraph ${c.seq}.`,
  img: "/images/services/web-development.svg",
  order: "3",
  visible: "on",
});
/** Puts the demo content back as the seed made it (after "Start from an empty site" or a delete). */
const reseeded = async (c: Cell) => {
  const db = database(c.world.server);
  await seedSiteContent(db);
  // The demo testimonials go too; the world's testimonials are two of them, which later cells use.
  const now = Date.now();
  for (const [i, t] of demoTestimonials.entries()) {
    await db
      .insertInto("testimonials")
      .values({ ...t, id: `demo-${t.id}`, status: "visible", sortOrder: i, createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
  }
};
async function mailDecisionsOn(c: Cell): Promise<void> {
  await database(c.world.server).updateTable("companies").set({ mailDecisions: 1 }).where("id", "=", MATRIX_COMPANY_ID).execute();
}
const inboundHold = async (c: Cell) =>
  asAdmin(c, `${CONSOLE}/settings/inbound-mail`, { intent: "unknown-senders", unknownSenders: "hold" });
const settingsOn = async (c: Cell) =>
  asAdmin(c, `${CONSOLE}/settings`, { intent: "save-settings", selfRegistration: "on", clientProjects: "on" });
// The brand's logo (admin): uploads post a one-pixel PNG with the brand version the page would show.
const LOGO_PAGE = `${CONSOLE}/settings/brand/logo`;
const onePixelPng: FilePart = {
  field: "file",
  filename: "logo.png",
  bytes: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
};
async function brandVersion(c: Cell): Promise<string> {
  const row = await database(c.world.server).selectFrom("appSettings").select("updatedAt").where("key", "=", "brand").executeTakeFirst();
  return String(row ? Number(row.updatedAt) : 0);
}
/** An editor's upload for a site item's image field (console → Site), posted as its editor does. */
const siteImagePng: FilePart = { ...onePixelPng, filename: "service.png" };
/** As seeded: no uploaded logo (the built-in artwork), through the app so every cache hears of it. */
const noLogo = async (c: Cell) => asAdmin(c, LOGO_PAGE, { intent: "remove-light", version: await brandVersion(c) });
async function withLogo(c: Cell): Promise<void> {
  const reply = await postMultipart(
    c.world.server,
    `${LOGO_PAGE}?variant=light`,
    { intent: "upload-light", alt: "Matrix", version: await brandVersion(c) },
    onePixelPng,
    {
      cookie: c.world.actors.staff.cookie,
    },
  );
  if (reply.status !== 200) throw new Error(`preparing a logo answered ${reply.status}`);
}
const retentionDefaults = async (c: Cell) =>
  asAdmin(c, `${CONSOLE}/settings/retention`, { intent: "save-retention", applicationDays: "180", leadDays: "365", inboundMailDays: "90" });
/** Time and place: the version a save must name (the newest locale.* row), as the page's form sends it. */
async function placeVersion(c: Cell): Promise<string> {
  const rows = await database(c.world.server).selectFrom("appSettings").select("updatedAt").where("key", "like", "locale.%").execute();
  return String(Math.max(0, ...rows.map((r) => Number(r.updatedAt))));
}
const placeFields = async (c: Cell, timeZone: string) => ({
  intent: "save-place",
  version: await placeVersion(c),
  timeZone,
  locale: "en-GB",
  currency: "INR",
});
const placeDefaults = async (c: Cell) => asAdmin(c, `${CONSOLE}/settings/place`, await placeFields(c, "UTC"));
/** A person's own zone back to "not set", as the world seeded it. */
async function ownZoneUnset(c: Cell): Promise<void> {
  if (!c.actor.email) return;
  await database(c.world.server).updateTable("users").set({ timeZone: null }).where("email", "=", c.actor.email).execute();
}
/** The actor's calendar feed, made (for "Turn off" to remove) or removed (after "Make"). */
async function ownFeedMade(c: Cell): Promise<void> {
  if (!c.actor.email) return;
  const db = database(c.world.server);
  const user = await db.selectFrom("users").select("id").where("email", "=", c.actor.email).executeTakeFirst();
  if (!user || (await db.selectFrom("calendarFeeds").select("id").where("userId", "=", user.id).executeTakeFirst())) return;
  await db
    .insertInto("calendarFeeds")
    .values({ id: randomUUID(), userId: user.id, nonce: "matrix", createdAt: Date.now(), lastUsedAt: null })
    .execute();
}
async function ownFeedRemoved(c: Cell): Promise<void> {
  if (!c.actor.email) return;
  const db = database(c.world.server);
  const user = await db.selectFrom("users").select("id").where("email", "=", c.actor.email).executeTakeFirst();
  if (user) await db.deleteFrom("calendarFeeds").where("userId", "=", user.id).execute();
}
/** A zone other than the one the actor has now, so an allowed save is always a change. */
async function freshZone(c: Cell): Promise<string> {
  const row = c.actor.email
    ? await database(c.world.server).selectFrom("users").select("timeZone").where("email", "=", c.actor.email).executeTakeFirst()
    : undefined;
  return ["Europe/Berlin", "Asia/Tokyo", "America/Chicago"].find((zone) => zone !== row?.timeZone)!;
}
// The Brand page: each form names the version it was loaded with, read here as the page would.
async function settingVersion(c: Cell, key: string): Promise<string> {
  const row = await database(c.world.server).selectFrom("appSettings").select("updatedAt").where("key", "=", key).executeTakeFirst();
  return String(row?.updatedAt ?? 0);
}
const DEMO_BRAND_FIELDS = {
  name: DEMO_BRAND.name,
  shortName: DEMO_BRAND.shortName,
  legalName: DEMO_BRAND.legalName,
  tagline: DEMO_BRAND.tagline,
  domain: DEMO_BRAND.domain,
  ...DEMO_BRAND.address,
  phone: DEMO_BRAND.phone,
  infoEmail: DEMO_BRAND.emails.info,
  careersEmail: DEMO_BRAND.emails.careers,
  supportEmail: DEMO_BRAND.emails.support,
  ...DEMO_BRAND.social,
  primaryColor: DEMO_BRAND.primaryColor,
};
const brandFields = async (c: Cell, tagline = DEMO_BRAND.tagline) => ({
  intent: "save-brand",
  version: await settingVersion(c, "brand"),
  ...DEMO_BRAND_FIELDS,
  tagline,
});
const mailFields = async (c: Cell, senderName = DEMO_BRAND.name) => ({
  intent: "save-mail",
  version: await settingVersion(c, "brand.mail"),
  senderName,
});
const brandDefaults = async (c: Cell) => asAdmin(c, `${CONSOLE}/settings/brand`, await brandFields(c));
const mailDefaults = async (c: Cell) => asAdmin(c, `${CONSOLE}/settings/brand`, await mailFields(c));
/** A client member of the spare company (made again after a cell removed it). */
async function spareMember(cell: Cell): Promise<{ id: string; clientAdmin: boolean }> {
  const db = database(cell.world.server);
  const row = await db.selectFrom("users").select(["id", "clientAdmin"]).where("companyId", "=", MATRIX_COMPANY_ID).executeTakeFirst();
  if (row) return { id: row.id, clientAdmin: Boolean(row.clientAdmin) };
  const now = new Date().toISOString();
  const id = `spare-member-${cell.seq}-${Date.now()}`;
  const emailVerified = cell.world.server.backend === "postgres" ? true : 1;
  const clientAdmin = cell.world.server.backend === "postgres" ? false : 0;
  await db
    .insertInto("users")
    .values({
      id,
      name: "Spare Member",
      email: `${id}@example.com`,
      emailVerified,
      image: null,
      role: "client",
      companyId: MATRIX_COMPANY_ID,
      clientAdmin,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return { id, clientAdmin: false };
}

// The Staff page acts on a spare staff member and a pending invitation, never on an actor of the
// matrix. Each body puts its target in the state the form changes (before the fingerprint).
const SPARE_EMAIL = "spare-staff@indigokite.dev";
async function spareStaff(cell: Cell, state: { disabled: boolean }): Promise<{ id: string; staffRole: string | null }> {
  const db = database(cell.world.server);
  let row = await db.selectFrom("users").select(["id", "staffRole"]).where("email", "=", SPARE_EMAIL).executeTakeFirst();
  if (!row) {
    const now = new Date().toISOString();
    const id = `spare-${cell.seq}-${Date.now()}`;
    const emailVerified = cell.world.server.backend === "postgres" ? true : 1;
    await db
      .insertInto("users")
      .values({
        id,
        name: "Spare",
        email: SPARE_EMAIL,
        emailVerified,
        image: null,
        role: "employee",
        staffRole: "sales",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    row = { id, staffRole: "sales" };
  }
  await db
    .updateTable("users")
    .set({ staffDisabledAt: state.disabled ? Date.now() : null })
    .where("id", "=", row.id)
    .execute();
  return row;
}
async function pendingInvitation(cell: Cell): Promise<string> {
  const db = database(cell.world.server);
  const found = await db
    .selectFrom("staffInvitations")
    .select("id")
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (found) return found.id;
  // At most 36 characters (the column), whatever the cell's number.
  const id = `matrix-inv-${cell.seq}-${Date.now()}`;
  const now = Date.now();
  await db
    .insertInto("staffInvitations")
    .values({
      id,
      email: `invited-${cell.seq}@indigokite.dev`,
      name: "",
      staffRole: "sales",
      tokenHash: id,
      invitedBy: cell.world.actors.staff.id!,
      createdAt: now,
      expiresAt: now + 86_400_000,
      acceptedAt: null,
      revokedAt: null,
    })
    .execute();
  return id;
}

// Decision 0034: client invitations, the Team page and "Convert to client". Each body
// puts its target in place first: a pending invitation or a spare teammate in the company of the
// cell's side, so the other side names another company's record.
async function pendingClientInvitation(c: Cell, id: string = randomUUID()): Promise<string> {
  const db = database(c.world.server);
  const now = Date.now();
  await db.deleteFrom("clientInvitations").where("id", "=", id).execute();
  await db
    .insertInto("clientInvitations")
    .values({
      id,
      companyId: companyOf(c),
      email: `matrix-invited-${c.seq}-${now}@example.com`,
      name: "Invited",
      clientAdmin: c.world.server.backend === "postgres" ? false : 0,
      tokenHash: id,
      invitedBy: c.world.actors.staff.id!,
      createdAt: now,
      expiresAt: now + 86_400_000,
      acceptedAt: null,
      revokedAt: null,
    })
    .execute();
  return id;
}
/** A UUID made from `seed` (id columns hold 36 characters): the same for every cell that names it. */
function stableUuid(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
/** The console's Resend / Revoke route names a fixed invitation of the side's company. */
const consoleInvitationId = (c: Cell) => stableUuid(`matrix-ci-${companyOf(c)}`);
const consoleInvitation = (c: Cell) => pendingClientInvitation(c, consoleInvitationId(c));

// Decision 0043: "Delete project" acts on a spare project of the side's company (its URL names it),
// put in place by the body and removed after the cell, never on the world's marked project.
const spareProjectId = (c: Cell) => stableUuid(`matrix-spare-project-${companyOf(c)}`);
async function spareProject(c: Cell): Promise<Fields> {
  const db = database(c.world.server);
  const id = spareProjectId(c);
  if (!(await db.selectFrom("projects").select("id").where("id", "=", id).executeTakeFirst())) {
    const now = Date.now();
    await db
      .insertInto("projects")
      .values({
        id,
        companyId: companyOf(c),
        createdBy: null,
        ownerId: null,
        title: "Matrix spare project",
        description: "",
        progress: 0,
        status: "planned",
        startDate: null,
        dueDate: null,
        archivedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
  return { intent: "delete", companyId: companyOf(c) };
}
const noSpareProject = async (c: Cell) => {
  await database(c.world.server).deleteFrom("projects").where("id", "=", spareProjectId(c)).execute();
};
async function spareTeammate(c: Cell): Promise<string> {
  const db = database(c.world.server);
  const id = `matrix-mate-${c.seq}-${Date.now()}`;
  const now = new Date().toISOString();
  const emailVerified = c.world.server.backend === "postgres" ? true : 1;
  await db
    .insertInto("users")
    .values({ id, name: "Mate", email: `${id}@example.com`, emailVerified, image: null, role: "client", createdAt: now, updatedAt: now })
    .execute();
  await db
    .updateTable("users")
    .set({ companyId: companyOf(c) })
    .where("id", "=", id)
    .execute();
  return id;
}
/** Team changes are a client admin's: company A's second member is made one for the cell. */
async function asClientAdmin(c: Cell, admin = true): Promise<void> {
  if (c.actor.name !== "client A2") return;
  const flag = c.world.server.backend === "postgres" ? admin : Number(admin);
  await database(c.world.server)
    .updateTable("users")
    .set({ clientAdmin: flag as boolean })
    .where("id", "=", c.actor.id!)
    .execute();
}
const notClientAdmin = (c: Cell) => asClientAdmin(c, false);
async function unconverted(c: Cell): Promise<void> {
  await database(c.world.server)
    .updateTable("quotes")
    .set({ companyId: null, status: "new" })
    .where("id", "=", recordsOf(c).leadId)
    .execute();
}

// A Team page post made by a client admin (the acting member is made one first, and put back after).
const asClientAdminIntent = (body: (c: Cell) => Fields | Promise<Fields>, extra: Partial<Intent> = {}): Intent =>
  changes(after(asClientAdmin, body), { restore: notClientAdmin, ...extra });

// The Files tab. Both sides use the file routes: clients for their company's projects,
// staff with the clients area; a client naming another company's project or file gets 404.
const fileVersionOf = (c: Cell) => recordsOf(c).fileVersionId;
/** `client` for clients, `staff` for the staff roles that may use `area`, `refused` for other staff. */
const byArea = <T>(area: ConsoleArea, client: T, staff: T, refused: T): PerRole<T> => ({
  client,
  ...Object.fromEntries(STAFF_ROLES.map((role) => [role, mayUse(role, area) ? staff : refused])),
});
const filesAnswer = <T>(client: T, staff: T, refused: T) => byArea("clients", client, staff, refused);
/** Staff roles with Billing get `billing`, the others `refused`. */
const byBilling = <T>(billing: T, refused: T): PerRole<T> =>
  Object.fromEntries(STAFF_ROLES.map((role) => [role, mayUse(role, "billing") ? billing : refused]));
/** A resource a client of the record's company and the staff of `area` read: 403 for other staff, 404 for another company's. */
const readable = (area: ConsoleArea, id: (c: Cell) => string): RoutePolicy => ({
  params: (c) => ({ id: id(c) }),
  sides: true,
  company: { of: (c) => recordsOf(c).companyId },
  get: { access: "signed-in", ok: byArea(area, ok200, ok200, forbidden), othersRecord: notFound },
});
/** A fresh file for a delete form: uploaded by the acting client (own side), else by the record's owner. */
async function spareFile(c: Cell): Promise<string> {
  const uploader = c.actor.role === "client" && c.side === "own" ? c.actor : owner(c);
  const name = `matrix-spare-${c.seq}-${Date.now()}.txt`;
  const reply = await postMultipart(
    c.world.server,
    `/projects/${projectOf(c)}/files/upload`,
    {},
    { field: "files", filename: name, bytes: Buffer.from(`Matrix file ${c.seq}\n`) },
    { cookie: uploader.cookie },
  );
  if (reply.status !== 303) throw new Error(`preparing a spare file answered ${reply.status}`);
  const file = await database(c.world.server).selectFrom("projectFiles").select("id").where("name", "=", name).executeTakeFirstOrThrow();
  return file.id;
}
/** The side's seeded file, with no request waiting on it. */
async function fileWithoutRequest(c: Cell): Promise<string> {
  const { fileId } = await database(c.world.server)
    .selectFrom("fileVersions")
    .select("fileId")
    .where("id", "=", fileVersionOf(c))
    .executeTakeFirstOrThrow();
  await noApprovalWaiting(c, fileId);
  return fileId;
}
const clientUploads = (on: "on" | "off") => (c: Cell) =>
  asAdmin(c, `${CONSOLE}/projects/${projectOf(c)}/files`, { intent: "client-uploads", clientUploads: on });
const deleteSpareFile = async (c: Cell) => ({ intent: "delete-file", fileId: await spareFile(c) });
const FILE_POLICIES: Record<string, RoutePolicy> = {
  "routes/portal/project-files.tsx": portalTab({ "delete-file": owned(deleteSpareFile) }),
  "routes/console/project-files.tsx": consoleTab({
    "delete-file": changes(deleteSpareFile),
    "request-approval": changes(async (c) => {
      const fileId = await fileWithoutRequest(c);
      return { intent: "request-approval", subjectType: "file", subjectId: fileId, fileId, note: `Matrix ${c.seq}` };
    }),
    "client-uploads": changes(
      after(clientUploads("off"), () => ({ intent: "client-uploads", clientUploads: "on" })),
      { restore: clientUploads("on") },
    ),
  }),
  "routes/resources/project-files-upload.ts": {
    ...recordPage(projectOf, "public", { status: 405 }),
    company: { of: (c) => recordsOf(c).companyId, get: false },
    post: {
      access: "signed-in",
      intents: {
        "": {
          body: () => ({}),
          // One name per side: a file's versions come only from the side that shared it (decision 0037).
          file: (c) => ({
            field: "files",
            filename: `matrix-upload-${c.actor.role === "client" ? "client" : "staff"}.txt`,
            bytes: Buffer.from("Matrix upload\n"),
          }),
          ok: filesAnswer(
            to(/^\/user-dashboard\/projects\/[\w-]+\/files\?upload=done$/, 303),
            to(/^\/employee-dashboard\/projects\/[\w-]+\/files\?upload=done$/, 303),
            forbidden,
          ),
          changes: filesAnswer(true, true, false),
          othersRecord: notFound,
        },
      },
    },
  },
  "routes/resources/file-download.ts": readable("clients", fileVersionOf),
  "routes/resources/file-thumbnail.ts": readable("clients", fileVersionOf),
  // Support attachments. The members of the request's company and staff with the
  // Support area read them; another company's is 404 like an unknown id; other staff roles get 403.
  "routes/resources/attachment-download.ts": readable("support", (c) => recordsOf(c).attachmentId),
  "routes/resources/attachment-thumbnail.ts": readable("support", (c) => recordsOf(c).attachmentId),
};

// Decision 0046: e-mail preferences are the signed-in person's own (no ids are
// posted: sides do not apply). The unsubscribe link is public: its signed token says who and what;
// a post with an altered one (another user's id) is a 400 and changes nothing.
const preferenceFields = (types: readonly string[]) => (c: Cell) => ({
  intent: "save-preferences",
  ...Object.fromEntries(
    types.map((type) => [
      `choices.${type}`,
      type === "new_lead" ||
      type === "new_application" ||
      type === "invitation_accepted" ||
      (type === "file_shared" && c.actor.role !== "client")
        ? "digest"
        : "immediately",
    ]),
  ),
  digestHour: "9",
  timeZone: "UTC",
});
const CLIENT_TYPES = [
  "staff_reply",
  "status_change",
  "progress_change",
  "milestone_due",
  "milestone_done",
  "approval_requested",
  "file_shared",
  "invitation_accepted",
];
const STAFF_TYPES = [
  "approval_decided",
  "invitation_accepted",
  "new_request",
  "client_reply",
  "new_lead",
  "new_application",
  "payment_disputed",
  "proposal_decided",
  "file_shared",
];
const unsubscribed = (c: Cell) => c.world.actors["client A"].id!;
async function staffReplyMailOn(c: Cell): Promise<void> {
  await database(c.world.server)
    .deleteFrom("notificationPreferences")
    .where("userId", "=", unsubscribed(c))
    .where("type", "=", "staff_reply")
    .execute();
}
const MAIL_PREFERENCE_POLICIES: Record<string, RoutePolicy> = {
  "routes/portal/notification-preferences.tsx": withForms("client", { "save-preferences": changes(preferenceFields(CLIENT_TYPES)) }),
  "routes/console/notification-preferences.tsx": withForms("account", { "save-preferences": changes(preferenceFields(STAFF_TYPES)) }),
  // Without a token the page explains itself (200); tokens that do not verify are the 400s below.
  "routes/account/unsubscribe.tsx": withForms("public", {
    "one-click": changes(
      after(staffReplyMailOn, (c) => ({
        "List-Unsubscribe": "One-Click",
        token: unsubscribeToken({ userId: unsubscribed(c), scope: "staff_reply" }, c.world.server.authSecret),
      })),
      { restore: staffReplyMailOn },
    ),
    "another user's token": noChange(
      after(staffReplyMailOn, (c) => {
        const genuine = unsubscribeToken({ userId: c.world.actors["client B"].id!, scope: "staff_reply" }, c.world.server.authSecret);
        const mac = genuine.split(".")[1];
        return {
          "List-Unsubscribe": "One-Click",
          token: `${Buffer.from(`1:${unsubscribed(c)}:staff_reply`).toString("base64url")}.${mac}`,
        };
      }),
      { status: 400 },
    ),
  }),
};

/** Where a signed-in visitor is sent on to from a guest's page or form (`guest` is the guest's answer). */
const sentOn = (guest: Expect, signedIn: string): PerRole<Expect> => ({ guest, client: to(signedIn), staff: to(signedIn) });
/** A page that only answers forms (a GET gets `get`, for most 405); the forms are for `access`. */
const formsOnly = (
  get: PerRole<Expect>,
  access: Access,
  intents: Record<string, Intent>,
  extra: { ignoresBody?: boolean } = {},
): RoutePolicy => ({
  ...page("public", get),
  post: { access, intents, ...extra },
});
const method405: Expect = { status: 405 };
/**
 * An API path: every cookie, or none, gets 401 (`get`: 405 where the path takes no GET); a POST gets
 * `post` (401, or 405 where the path takes no POST).
 */
const apiList = (post: 401 | 405, get: 401 | 405 = 401): RoutePolicy => ({
  ...page("public", { status: get }),
  post: { access: "public", intents: { "": noChange(() => ({ name: "Matrix" }), { status: post }) }, ignoresBody: true },
});
const apiRecord = (post: 401 | 405, get: 401 | 405 = 401): RoutePolicy => ({ params: () => ({ id: "matrix" }), ...apiList(post, get) });
/** An active API token written straight into the world's database, for "Revoke" to act on. */
async function matrixApiToken(c: Cell): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await database(c.world.server)
    .insertInto("apiTokens")
    .values({
      id,
      name: `Matrix token ${c.seq}`,
      tokenHash: createHash("sha256").update(id).digest("hex"),
      tokenStart: "ak_matrix",
      scopes: JSON.stringify(["leads:read"]),
      createdBy: null,
      createdByName: "Matrix",
      createdAt: now,
      expiresAt: now + 86_400_000,
      lastUsedAt: null,
      revokedAt: null,
    })
    .execute();
  return id;
}
const ownPassword = (c: Cell) => (isStaffRole(c.actor.role) ? c.world.staffPassword : PASSWORD);
const stepUpAnswer = sentOn(to("/login"), "/dashboard");

// Console → Billing (finance and admin). The invoice page's forms act on the side's issued invoice,
// each after putting it in the state the form needs (issued and unpaid, or a draft); it is put back
// as seeded after the cell.
const invoiceOf = (c: Cell) => recordsOf(c).invoiceId;
const invoiceState = (state: "issued" | "draft") => async (c: Cell) =>
  invoiceAsSeeded(c.world.server, { id: invoiceOf(c), companyId: recordsOf(c).companyId, marker: recordsOf(c).markers[11]!, state });
const invoiceRestored = invoiceState("issued");
const onInvoice = (state: "issued" | "draft", fields: Intent["body"], extra: Partial<Intent> = {}): Intent =>
  changes(after(invoiceState(state), fields), { restore: invoiceRestored, ...extra });
const invoicePage = /^\/employee-dashboard\/billing\/[\w-]+\?/;
const draftFields = (c: Cell) => ({
  intent: "save",
  version: "1",
  currency: "EUR",
  netDays: "14",
  discount: "0",
  billingName: `Matrix Billing ${c.seq}`,
  "lines[0].description": "Matrix work",
  "lines[0].quantity": "2",
  "lines[0].unitPrice": "10.50",
  "lines[0].taxRate": "20",
});
/**
 * A draft's editor offers each line the invoice's company's projects and milestones (decision
 * 0089): Billing staff see their titles in the answer to a draft's form, the projects' pages stay Clients'.
 */
const showingWork = (policy: RoutePolicy): RoutePolicy => ({
  ...policy,
  post: { ...policy.post!, showsStaff: ["PROJECT-", "MILESTONE-"] },
});
// Console → Proposals (part of Leads: sales and admin). The editor's forms act on the side's lead's
// draft, put back as seeded before and after each cell.
const proposalOf = (c: Cell) => recordsOf(c).proposalId;
const proposalSeeded = (c: Cell) => proposalAsSeeded(c.world.server, { id: proposalOf(c), leadId: recordsOf(c).leadId });
const onProposal = (fields: Intent["body"]): Intent => changes(after(proposalSeeded, fields), { restore: proposalSeeded });
const PROPOSAL_POLICIES: Record<string, RoutePolicy> = {
  "routes/console/proposals.tsx": page("leads"),
  "routes/console/proposal-new.tsx": {
    query: (c) => `?lead=${recordsOf(c).leadId}`,
    ...withForms("leads", {
      "": changes((c) => ({ lead: recordsOf(c).leadId, title: `Matrix proposal ${c.seq}` }), {
        ok: to(/^\/employee-dashboard\/proposals\/[\w-]+$/),
      }),
    }),
  },
  "routes/console/proposal.tsx": withIntents(recordPage(proposalOf, "leads"), "leads", {
    save: onProposal((c) => ({
      intent: "save",
      version: "1",
      clientName: "Matrix Prospect",
      clientEmail: "matrix-prospect@example.com",
      title: `Matrix proposal ${c.seq}`,
      currency: "EUR",
      validUntil: "2099-12-31",
      deposit: "0",
      "items[0].id": "matrix-item",
      "items[0].description": "Build",
      "items[0].quantity": "1",
      "items[0].unitPrice": "100.00",
      "items[0].taxRate": "20",
    })),
    send: onProposal(() => ({ intent: "send", version: "1" })),
    template: onProposal((c) => ({ intent: "template", name: `Matrix template ${c.seq}` })),
    // Withdrawing is audited even when no link is open.
    revoke: onProposal(() => ({ intent: "revoke" })),
    // The side's lead proposal is a draft nobody signed: there is nothing to countersign (409).
    countersign: noChange(() => ({ intent: "countersign", fullName: "Matrix Staff", consent: "on" }), { status: 409 }),
  }),
  // A company's signed proposal, with its certificate page.
  "routes/console/proposal-pdf.ts": {
    ...recordPage((c) => recordsOf(c).signedProposalId!, "leads"),
    company: { of: (c) => recordsOf(c).companyId },
  },
};
const BILLING_POLICIES: Record<string, RoutePolicy> = {
  "routes/console/billing.tsx": page("billing"),
  "routes/console/billing-reports.tsx": page("billing"),
  "routes/console/billing-export.ts": page("billing"),
  "routes/console/billing-settings.tsx": withForms("billing", {
    save: changes((c) => ({
      intent: "save",
      invoiceNumberFormat: "INV-{YYYY}-{0001}",
      creditNoteNumberFormat: "CN-{YYYY}-{0001}",
      netDays: "14",
      // A new value each time, so an allowed save always changes something.
      agencyTaxId: `MX-${c.seq}`,
      bankDetails: "",
      retentionYears: "8",
      reminderDays: "-3, 0, 7, 14",
    })),
  }),
  "routes/console/billing-new.tsx": withForms("billing", {
    create: changes((c) => ({ intent: "create", companyId: recordsOf(c).companyId }), {
      ok: to(/^\/employee-dashboard\/billing\/[\w-]+$/),
    }),
  }),
  "routes/console/billing-invoice.tsx": showingWork(
    withIntents({ ...recordPage(invoiceOf, "billing"), company: { of: (c) => recordsOf(c).companyId } }, "billing", {
      save: onInvoice("draft", draftFields),
      issue: onInvoice("draft", () => ({ intent: "issue", version: "1" }), { ok: to(invoicePage) }),
      delete: onInvoice("draft", () => ({ intent: "delete", version: "1" }), { ok: to("/employee-dashboard/billing?deleted=1") }),
      // Each world company's client admin receives its invoices: the mail is queued and the invoice marked sent.
      send: onInvoice("issued", () => ({ intent: "send" })),
      payment: onInvoice("issued", () => ({
        intent: "payment",
        amount: "10.00",
        currency: "EUR",
        method: "bank-transfer",
        paidOn: "2026-01-15",
      })),
      void: onInvoice("issued", () => ({ intent: "void", reason: "Matrix void" }), { ok: to(invoicePage) }),
      credit: onInvoice("issued", () => ({ intent: "credit", scope: "all", notes: "Matrix credit" }), { ok: to(invoicePage) }),
      // A retainer far in the future: the daily run never writes it during the suite.
      retainer: onInvoice("draft", () => ({ intent: "retainer", interval: "monthly", startOn: "2099-01-01" })),
    }),
  ),
  // The world's invoice was written straight into the table, unfiled: a download renders its PDF without writing.
  "routes/console/billing-pdf.ts": { ...recordPage(invoiceOf, "billing"), company: { of: (c) => recordsOf(c).companyId } },
  // Each cell first puts a running retainer of the side's company in place; an allowed "Stop" stops it.
  "routes/console/billing-retainers.tsx": withForms("billing", {
    stop: changes(async (c) => ({ intent: "stop", id: await retainerRunning(c.world.server, recordsOf(c).companyId) })),
  }),
};

export const POLICIES: Record<string, RoutePolicy> = {
  ...FILE_POLICIES,
  ...BILLING_POLICIES,
  // A project's timeline. A member reads their company's; another company's
  // project is "not found". Staff of the clients area read every project's.
  "routes/portal/project-activity.tsx": portalTab(),
  "routes/console/project-activity.tsx": consoleTab(),
  "routes/marketing/home.tsx": page("public"),
  "routes/marketing/services.tsx": page("public"),
  "routes/marketing/service.tsx": { params: () => ({ slug: "web-development" }), ...page("public") },
  "routes/marketing/cases.tsx": page("public"),
  "routes/marketing/careers.tsx": page("public"),
  "routes/marketing/opening.tsx": { params: opening, ...page("public") },
  "routes/marketing/apply.tsx": {
    params: opening,
    ...withForms("public", { "": changes((c) => applicationFields(c.world.server), { file: resume }) }),
  },
  "routes/resources/apply-submit.ts": {
    params: opening,
    ...formsOnly(method405, "public", { "": changes((c) => applicationFields(c.world.server), { file: resume }) }),
  },
  "routes/marketing/about.tsx": page("public"),
  "routes/marketing/terms.tsx": page("public"),
  "routes/marketing/privacy.tsx": page("public"),
  "routes/marketing/quote.tsx": withForms("public", { "": changes((c) => quoteFields(c.world.server)) }),
  "routes/resources/quote-token.ts": page("public"),
  "routes/auth/login.tsx": withForms(
    "public",
    {
      login: changes((c) => ({ intent: "login", email: c.world.actors["client A"].email!, password: PASSWORD }), {
        ok: to("/user-dashboard?notice=login"),
      }),
      register: changes((c) => ({ intent: "register", email: `matrix-${c.seq}-${Date.now()}@example.com`, password: PASSWORD }), {
        ok: to("/user-dashboard?notice=registered"),
      }),
      // Google is not configured on the server under test: the spec's failure, as a 400. A
      // signed-in visitor is then sent on by the page's loader, which runs after the action.
      google: noChange(() => ({ intent: "google" }), sentOn({ status: 400 }, "/user-dashboard")),
    },
    sentOn(ok200, "/user-dashboard"),
  ),
  "routes/auth/employee-login.tsx": withForms("public", {
    login: changes((c) => ({ intent: "login", email: c.world.actors.staff.email!, password: c.world.staffPassword }), {
      ok: to("/dashboard?notice=welcome"),
    }),
    google: noChange(() => ({ intent: "google" }), { status: 400 }),
  }),
  "routes/auth/logout.tsx": formsOnly(
    to("/"),
    "public",
    {
      logout: changes(() => ({ intent: "logout" }), {
        ok: to("/"),
        changes: { guest: false, client: true, staff: true },
        disposable: "session",
      }),
    },
    { ignoresBody: true },
  ),
  "routes/auth/dashboard.tsx": page("signed-in", { client: to("/user-dashboard"), staff: to("/employee-dashboard") }),
  // The same answer for every address; a made-up one queues nothing (security/mail-flooding.test.ts).
  "routes/auth/forgot-password.tsx": withForms("public", { "": noChange(() => ({ email: "nobody-here@example.com" }), ok200) }),
  // Decision 0098: the same answer for every address; a made-up one queues nothing. The link's
  // page only shows its button (or why the link no longer works); a made-up token signs nobody in.
  "routes/auth/sign-in-link-request.tsx": withForms("public", { "": noChange(() => ({ email: "nobody-here@example.com" }), ok200) }),
  "routes/auth/sign-in-link.tsx": withForms("public", { "": noChange(() => ({ token: "not-a-real-token" }), { status: 400 }) }),
  // First-run setup: the world has staff, so setup is done and /setup is gone for everyone, form
  // included (404), whatever the post claims; nothing changes.
  "routes/auth/setup.tsx": withForms(
    "public",
    {
      "": noChange(
        () => ({
          code: "AAAA-BBBB-CCCC-DDDD",
          agencyName: "Taken Over",
          companyDomain: "evil.example",
          name: "Mallory",
          email: "mallory@evil.example",
          password: "a-long-new-password-1",
          confirm: "a-long-new-password-1",
        }),
        notFound,
      ),
    },
    notFound,
  ),
  "routes/auth/staff-invitation.tsx": withForms("public", {
    "": noChange(() => ({ token: "not-a-real-token", password: "a-long-new-password-1", confirm: "a-long-new-password-1" }), {
      status: 410,
    }),
  }),
  // A made-up link is "gone" (410) for both the password and Google; nothing changes.
  "routes/auth/invitation.tsx": withForms("public", {
    accept: noChange(
      () => ({ intent: "accept", token: "not-a-real-token", password: "a-long-new-password-1", confirm: "a-long-new-password-1" }),
      { status: 410 },
    ),
    google: noChange(() => ({ intent: "google", token: "not-a-real-token" }), { status: 410 }),
  }),
  // Without the cookie "Continue with Google" sets, it only says Google did not complete.
  "routes/auth/invitation-google.tsx": page("public"),
  "routes/auth/reset-password.tsx": withForms("public", {
    "": noChange(() => ({ token: "not-a-real-token", password: "new-password-123", confirm: "new-password-123" }), { status: 400 }),
  }),
  //, decision 0029. Without Better Auth's challenge cookie (only a right password sets
  // it) there is nothing to answer: everyone is sent to /login and nothing is checked.
  "routes/auth/two-factor.tsx": formsOnly(to("/login"), "public", {
    totp: noChange(() => ({ intent: "totp", code: "123456" }), to("/login")),
    recovery: noChange(() => ({ intent: "recovery", code: "abcde-12345" }), to("/login")),
  }),
  // Decision 0029: only a Google session still owing its code has anything to answer here (none of
  // the matrix's actors has one: tests/accounts/two-factor-step-up.test.ts covers it); guests are sent to
  // /login and signed-in users to /dashboard, and nothing is checked or signed out.
  "routes/auth/two-factor-step-up.tsx": formsOnly(stepUpAnswer, "public", {
    totp: noChange(() => ({ intent: "totp", code: "123456" }), stepUpAnswer),
    recovery: noChange(() => ({ intent: "recovery", code: "abcde-12345" }), stepUpAnswer),
    cancel: noChange(() => ({ intent: "cancel" }), stepUpAnswer),
  }),
  // Enrolment and management of one's own second factor: any signed-in user, for themselves only.
  "routes/auth/account-two-factor.tsx": withForms("signed-in", {
    // A pending (unconfirmed) secret; two-factor stays off until a code confirms it.
    start: changes((c) => ({ intent: "start", password: ownPassword(c) })),
    confirm: noChange(() => ({ intent: "confirm", code: "000000", uri: "otpauth://totp/Matrix:x?secret=JBSWY3DPEHPK3PXP" }), {
      status: 400,
    }),
    regenerate: noChange((c) => ({ intent: "regenerate", password: ownPassword(c) }), { status: 409 }),
    disable: noChange((c) => ({ intent: "disable", password: ownPassword(c) }), { status: 409 }),
  }),
  // Decision 0028: a GET only shows the button; a made-up link is refused and verifies nothing.
  "routes/auth/verify-email.tsx": withForms("public", { "": noChange(() => ({ token: "not-a-real-token" }), { status: 400 }) }),
  // Anyone signed in may post it; a wrong current password is refused on the field and changes
  // nothing (a real change ends the world's other sessions: tests/accounts/password-change.test.ts has it).
  "routes/auth/change-password.tsx": withForms("signed-in", {
    "": noChange(
      () => ({ currentPassword: "not-the-current-password", newPassword: "lantern-okapi-drizzle-77", confirm: "lantern-okapi-drizzle-77" }),
      { status: 400 },
    ),
  }),
  // Password-less sign-in: a guest's endpoint; someone signed in is just sent on.
  "routes/auth/passkey-sign-in.ts": formsOnly(method405, "public", {
    // A guest's challenge is stored (verifications); a signed-in user gets "go to /dashboard".
    options: changes(() => ({ intent: "options", form: "client" }), { changes: { guest: true, client: false, staff: false } }),
    verify: noChange(() => ({ intent: "verify", form: "client", response: unknownAssertion }), {
      guest: { status: 401 },
      client: ok200,
      staff: ok200,
    }),
  }),
  "routes/resources/home-dashboard.ts": formsOnly(to("/"), "signed-in", { "": noChange(() => ({ enabled: "1", returnTo: "/" }), to("/")) }),

  // "account": every staff member, whatever the role; the rest name their console section.
  "routes/console/layout.tsx": page("account"),
  "routes/console/overview.tsx": page("overview"),
  // Search everywhere: any staff member; words that find every kind of record of both clients
  // (their addresses, the PROJECT- and COMPLAINT- titles), so each role's answer shows only its sections'.
  "routes/console/search.tsx": { query: "?q=client OR project OR complaint", ...page("account") },
  "routes/console/account.tsx": page("account"),
  "routes/console/leads.tsx": page("leads"),
  "routes/console/leads-export.ts": page("leads"),
  "routes/console/lead.tsx": withIntents(
    recordPage((c) => recordsOf(c).leadId, "leads"),
    "leads",
    {
      status: changes((c) => ({ intent: "status", status: LEAD_STATUSES[c.seq % LEAD_STATUSES.length]! })),
      note: changes(note),
    },
  ),
  ...PROPOSAL_POLICIES,
  "routes/console/applications.tsx": page("applications"),
  "routes/console/applications-export.ts": page("applications"),
  "routes/console/application.tsx": withIntents(
    recordPage((c) => recordsOf(c).applicationId, "applications"),
    "applications",
    {
      stage: changes((c) => ({ intent: "stage", stage: STAGES[c.seq % STAGES.length]! })),
      note: changes(note),
    },
  ),
  "routes/console/application-resume.ts": recordPage((c) => recordsOf(c).applicationId, "applications"),
  "routes/console/openings.tsx": {
    sides: true,
    ...withForms("openings", toggles(listToggle, "openings", ["close", "reopen"], openingOf, reopened)),
  },
  "routes/console/opening-new.tsx": withForms("openings", {
    save: changes((c) => ({ intent: "save", ...openingFields(c) }), { ok: to(/^\/employee-dashboard\/openings\/[\w-]+\?created=1$/) }),
  }),
  "routes/console/opening-edit.tsx": withIntents(recordPage(openingOf, "openings"), "openings", {
    save: changes((c) => ({ intent: "save", ...openingFields(c) })),
    ...toggles(pageToggle, "openings", ["close", "reopen"], openingOf, reopened),
  }),
  "routes/console/testimonials.tsx": {
    sides: true,
    ...withForms("testimonials", {
      save: changes((c) => ({ intent: "save", ...testimonialFields(c) })),
      ...toggles(listToggle, "testimonials", ["hide", "show"], testimonialOf, shown),
    }),
  },
  "routes/console/testimonial-edit.tsx": withIntents(recordPage(testimonialOf, "testimonials"), "testimonials", {
    save: changes((c) => ({ intent: "save", ...testimonialFields(c) })),
    ...toggles(pageToggle, "testimonials", ["hide", "show"], testimonialOf, shown),
  }),
  "routes/console/site.tsx": withForms("site", {
    "start-empty": {
      body: () => ({ intent: "start-empty", confirm: "yes" }),
      ok: adminOnly(ok200, forbidden),
      changes: adminOnly(true, false),
      restore: reseeded,
    },
  }),
  "routes/console/site-list.tsx": { params: () => ({ type: "services" }), ...page("site") },
  "routes/console/site-new.tsx": {
    params: () => ({ type: "services" }),
    ...withForms("site", {
      // Multipart, as the editor of a type with an image posts it: the PNG is stored as the new service's image.
      save: changes(
        (c) => ({
          intent: "save",
          lockVersion: "0",
          ...siteServiceFields(c),
          slug: `matrix-${c.seq}-${Date.now()}`,
          alt: `Matrix ${c.seq}`,
        }),
        { ok: to(/^\/employee-dashboard\/site\/services\/[\w-]+\?created=1$/), file: siteImagePng },
      ),
    }),
  },
  "routes/console/site-edit.tsx": {
    params: siteParams,
    ...withForms("site", {
      save: changes(async (c) => ({ intent: "save", lockVersion: await siteLock(c), ...siteServiceFields(c), alt: `Matrix ${c.seq}` }), {
        file: siteImagePng,
      }),
      publish: changes(async (c) => {
        await asAdmin(c, `${CONSOLE}/site/services/${SITE_ITEM}`, {
          intent: "save",
          lockVersion: await siteLock(c),
          ...siteServiceFields(c),
          title: `Draft ${c.seq}`,
        });
        return { intent: "publish", lockVersion: await siteLock(c) };
      }),
      restore: changes(async (c) => ({ intent: "restore", version: "1", lockVersion: await siteLock(c) })),
      delete: changes(async (c) => ({ intent: "delete", confirm: "yes", lockVersion: await siteLock(c) }), {
        ok: to("/employee-dashboard/site/services"),
        restore: reseeded,
      }),
    }),
  },
  "routes/console/site-preview.tsx": { params: siteParams, ...page("site") },
  "routes/console/staff.tsx": withForms("staff", {
    invite: changes((c) => ({ intent: "invite", email: `matrix-${c.seq}-${Date.now()}@indigokite.dev`, staffRole: "sales" })),
    resend: changes(async (c) => ({ intent: "resend", id: await pendingInvitation(c) })),
    revoke: changes(async (c) => ({ intent: "revoke", id: await pendingInvitation(c) })),
    "set-role": changes(async (c) => {
      const spare = await spareStaff(c, { disabled: false });
      return { intent: "set-role", id: spare.id, staffRole: spare.staffRole === "sales" ? "delivery" : "sales" };
    }),
    disable: changes(async (c) => ({ intent: "disable", id: (await spareStaff(c, { disabled: false })).id })),
    enable: changes(async (c) => ({ intent: "enable", id: (await spareStaff(c, { disabled: true })).id })),
    remove: changes(async (c) => ({ intent: "remove", id: (await spareStaff(c, { disabled: false })).id })),
  }),
  "routes/console/audit.tsx": page("audit"),
  "routes/console/clients.tsx": page("clients"),
  "routes/console/company-new.tsx": withForms("clients", {
    create: changes((c) => ({ intent: "create", name: `Matrix Company ${c.seq}-${Date.now()}` }), {
      ok: to(/^\/employee-dashboard\/clients\/[\w-]+\?created=1$/),
    }),
  }),
  // The company page's forms act on the world's spare company and a spare member of it
  // (closing client A's company would sign the matrix's client A out).
  "routes/console/client.tsx": {
    params: () => ({ id: MATRIX_COMPANY_ID }),
    // Nobody limited is on the spare company's team: its page and every form answer them 404.
    company: { of: () => MATRIX_COMPANY_ID },
    ...withForms("clients", {
      save: changes((c) => ({ intent: "save", name: `Matrix Spare Co ${c.seq}`, website: "", country: "" })),
      ...toggles(pageToggle, "clients", ["close", "reopen"], () => MATRIX_COMPANY_ID, companyOpen),
      "set-client-admin": changes(async (c) => {
        const member = await spareMember(c);
        return { intent: "set-client-admin", id: member.id, clientAdmin: member.clientAdmin ? "off" : "on" };
      }),
      "remove-member": changes(async (c) => ({ intent: "remove-member", id: (await spareMember(c)).id })),
      // Who receives invoices is Billing's: the section's staff without it (sales, delivery) get 403.
      "set-receives-invoices": changes(
        async (c) => ({ intent: "set-receives-invoices", id: (await spareMember(c)).id, receivesInvoices: c.seq % 2 ? "on" : "off" }),
        { ok: byBilling(ok200, forbidden), changes: byBilling(true, false) },
      ),
      // "Clients may decide approvals from e-mail" (decision 0099): each post turns it off, the restore on.
      "set-mail-decisions": changes(
        after(mailDecisionsOn, () => ({ intent: "set-mail-decisions", mailDecisions: "off" })),
        {
          restore: mailDecisionsOn,
        },
      ),
    }),
  },
  // Admin only. Each post turns "Clients can create projects" off; the restore
  // turns both switches back on, as the other routes' cells need them.
  "routes/console/settings.tsx": withForms("settings", {
    "save-settings": changes(
      after(settingsOn, () => ({ intent: "save-settings", selfRegistration: "on" })),
      { restore: settingsOn },
    ),
  }),
  // Data retention, admin only. A save sets a value the restore puts back; "Run
  // now" records a run (the matrix's records are all fresh, so nothing is due and nothing goes).
  "routes/console/retention.tsx": withForms("settings", {
    "save-retention": changes(
      (c) => ({ intent: "save-retention", applicationDays: String(200 + (c.seq % 100)), leadDays: "365", inboundMailDays: "90" }),
      {
        restore: retentionDefaults,
      },
    ),
    "run-now": changes(() => ({ intent: "run-now" })),
  }),
  // Inbound mail (decision 0097), admin only, like Settings. The world has no inbound message, so
  // "Try again" names one that is not there: 404 for admins, nothing changes; retries are tested
  // in tests/inbound/inbound-console.test.ts.
  // "Mail from unknown addresses" (decision 0101) is a setting: "lead" changes it, the restore holds again.
  "routes/console/inbound-mail.tsx": withForms("settings", {
    retry: noChange(() => ({ intent: "retry", messageId: "00000000-0000-4000-8000-000000000000" }), notFound),
    "unknown-senders": changes(() => ({ intent: "unknown-senders", unknownSenders: "lead" }), { restore: inboundHold }),
    // "Assign by hand" names a message that is not there either: 404 for admins; assigning is
    // tested in tests/inbound/inbound-assign.test.ts.
    "assign-request": noChange(
      () => ({
        intent: "assign-request",
        messageId: "00000000-0000-4000-8000-000000000000",
        complaintId: "00000000-0000-4000-8000-000000000001",
      }),
      notFound,
    ),
    "assign-company": noChange(
      () => ({
        intent: "assign-company",
        messageId: "00000000-0000-4000-8000-000000000000",
        companyId: "00000000-0000-4000-8000-000000000002",
      }),
      notFound,
    ),
  }),
  // Webhooks and chat alerts (decision 0103), admin only, like Settings. An added endpoint or chat
  // alert is removed after its cell, so no delivery is left for the worker while rows are compared.
  "routes/console/webhooks.tsx": withForms("settings", {
    add: changes((c) => ({ intent: "add", url: `https://hooks.matrix.invalid/${c.seq}`, events: "lead.created" }), {
      ok: to(/^\/employee-dashboard\/settings\/webhooks\/[\w-]+\?notice=added$/),
      restore: webhooksSeeded,
    }),
    "chat-alert": changes((c) => ({ intent: "chat-alert", alert: "new_lead", url: `https://chat.matrix.invalid/${c.seq}` }), {
      restore: webhooksSeeded,
    }),
  }),
  // One endpoint: the world's, disabled at an address that never resolves. "Send test event" and
  // "Redeliver" leave a delivery the restore takes away; "Delete endpoint" is undone by it.
  "routes/console/webhook.tsx": {
    params: () => ({ id: MATRIX_ENDPOINT_ID }),
    ...withForms("settings", {
      save: changes((c) => ({ intent: "save", url: `https://hooks.matrix.invalid/in-${c.seq}`, events: "invoice.paid" }), {
        restore: webhooksSeeded,
      }),
      enable: changes(() => ({ intent: "enable" }), { restore: webhooksSeeded }),
      disable: changes(
        after(endpointEnabled, () => ({ intent: "disable" })),
        { restore: webhooksSeeded },
      ),
      "rotate-secret": changes(() => ({ intent: "rotate-secret" }), { restore: webhooksSeeded }),
      delete: changes(() => ({ intent: "delete" }), {
        ok: to("/employee-dashboard/settings/webhooks?notice=deleted"),
        restore: webhooksSeeded,
      }),
      test: changes(() => ({ intent: "test" }), { restore: webhooksSeeded }),
      redeliver: changes(async (c) => ({ intent: "redeliver", deliveryId: await failedDelivery(c.world.server) }), {
        restore: webhooksSeeded,
      }),
    }),
  },
  // Time and place, admin only, like Settings: a save moves the zone off UTC, the restore puts it back.
  // API tokens, admin only (decision 0104): "create" writes a token; "revoke" revokes one the body
  // first writes, so every allowed cell has an active token to revoke.
  "routes/console/api-tokens.tsx": withForms("settings", {
    create: changes((c) => ({
      intent: "create",
      name: `Matrix token ${c.seq}`,
      lifetime: "30",
      leads: "read",
      applications: "none",
      companies: "none",
      projects: "none",
      support: "none",
    })),
    revoke: changes(async (c) => ({ intent: "revoke", id: await matrixApiToken(c) })),
  }),
  // The API reference: every staff member.
  "routes/console/api-reference.tsx": page("account"),
  "routes/console/place.tsx": withForms("settings", {
    "save-place": changes((c) => placeFields(c, "Europe/Berlin"), { restore: placeDefaults }),
  }),
  // Brand, admin only. A save changes the tagline or the sender name; the restore puts the demo's back.
  "routes/console/brand.tsx": withForms("settings", {
    "save-brand": changes((c) => brandFields(c, `Matrix tagline ${c.seq}`), { restore: brandDefaults }),
    "save-mail": changes((c) => mailFields(c, `Matrix sender ${c.seq}`), { restore: mailDefaults }),
  }),
  // The brand's logo, admin only: an upload stores an image and names it in the brand; the restore
  // puts the built-in artwork back.
  "routes/console/brand-logo.tsx": withForms("settings", {
    "upload-light": changes(async (c) => ({ intent: "upload-light", alt: `Matrix ${c.seq}`, version: await brandVersion(c) }), {
      file: onePixelPng,
      restore: noLogo,
    }),
    "remove-light": changes(
      after(withLogo, async (c) => ({ intent: "remove-light", version: await brandVersion(c) })),
      { restore: noLogo },
    ),
  }),
  // Uploaded images' variants: public and immutable, made by the server (never an original); a
  // name that is no stored variant is 404 for everyone alike.
  "routes/resources/media.ts": {
    params: () => ({ file: "00000000-0000-4000-8000-000000000000-320.webp" }),
    ...page("public", notFound),
  },
  // Staff run the projects (clients area). The project's marker title stays, so the
  // leak checks keep finding it; only its description changes.
  "routes/console/projects.tsx": page("clients"),
  "routes/console/projects-export.ts": page("clients"),
  "routes/console/project.tsx": consoleTab({
    save: changes((c) => ({ intent: "save", ...staffProjectFields(c, recordsOf(c).markers[1]!) })),
    "set-progress": changes((c) => ({
      intent: "set-progress",
      projectId: recordsOf(c).projectId,
      progress: String(1 + (c.seq % 100)),
      note: "",
    })),
    ...toggles(pageToggle, "projects", ["archive", "restore"], projectOf, unarchived),
  }),
  "routes/console/project-delete.ts": {
    ...withIntents(recordPage(spareProjectId, "clients", method405), "clients", {
      // Admin only: the other roles of the clients area are refused with 403 and nothing changes.
      delete: changes(spareProject, {
        ok: adminOnly(to("/employee-dashboard/projects?notice=project-deleted", 303), forbidden),
        changes: adminOnly(true, false),
        restore: noSpareProject,
        limitedOut: forbidden,
      }),
    }),
    company: { of: companyOf, get: false },
  },
  // The Milestones tab (staff, clients area). Every body puts its target in place first.
  "routes/console/project-milestones.tsx": consoleTab({
    add: changes((c) => ({ intent: "add", title: `Matrix milestone ${c.seq}`, status: "planned" })),
    // The marker title stays, so the leak checks keep finding it; only its description changes.
    edit: changes((c) => ({
      intent: "edit",
      milestoneId: milestoneOf(c),
      title: recordsOf(c).markers[7]!,
      description: `Matrix ${c.seq}`,
      status: "planned",
    })),
    "move-up": changes(async (c) => ({ intent: "move-up", id: await milestoneAt(c, "last") })),
    "move-down": changes(async (c) => ({ intent: "move-down", id: await milestoneAt(c, "first") })),
    "move-to": changes(async (c) => ({ intent: "move-to", id: await milestoneAt(c, "last"), position: "1" })),
    remove: changes(async (c) => ({ intent: "remove", id: await spareMilestone(c) })),
    "progress-mode": changes(
      after(manualProgress, () => ({ intent: "progress-mode", mode: "milestones" })),
      { restore: manualProgress },
    ),
    "request-approval": changes(
      after(noApprovalWaiting, (c) => ({
        intent: "request-approval",
        subjectType: "milestone",
        subjectId: milestoneOf(c),
        note: `Matrix ${c.seq}`,
      })),
    ),
    "withdraw-approval": changes(async (c) => ({ intent: "withdraw-approval", id: await approvalWaiting(c) })),
  }),
  "routes/console/project-new.tsx": {
    ...withIntents(recordPage(companyOf, "clients"), "clients", {
      save: changes((c) => ({ intent: "save", ...staffProjectFields(c, `Matrix staff project ${c.seq}`) }), {
        ok: to(/^\/employee-dashboard\/projects\/[\w-]+\?created=1$/),
        // The form answers as for a company that does not exist.
        limitedOut: { status: 400 },
      }),
    }),
    company: { of: companyOf },
  },
  "routes/console/client-invite.tsx": {
    ...withIntents(recordPage(companyOf, "clients"), "clients", {
      invite: changes((c) => ({ intent: "invite", name: "Matrix Invitee", email: `matrix-invite-${c.seq}-${Date.now()}@example.com` }), {
        ok: to(/^\/employee-dashboard\/clients\/[\w-]+\?notice=client-invited$/),
      }),
    }),
    company: { of: companyOf },
  },
  "routes/console/client-invitation.ts": {
    ...withIntents(recordPage(consoleInvitationId, "clients", method405), "clients", {
      resend: changes(
        after(consoleInvitation, () => ({ intent: "resend" })),
        { ok: to(/^\/employee-dashboard\/clients\/[\w-]+\?notice=invitation-resent$/) },
      ),
      revoke: changes(
        after(consoleInvitation, () => ({ intent: "revoke" })),
        { ok: to(/^\/employee-dashboard\/clients\/[\w-]+\?notice=invitation-revoked$/) },
      ),
    }),
    company: { of: companyOf, get: false },
  },
  // Decision 0048: "Erase…" is admin only; the section's other roles get 403. The
  // matrix posts a confirmation that does not match: refused in place (400), nothing is erased.
  "routes/console/erase.tsx": {
    params: (c) => ({ kind: "lead", id: recordsOf(c).leadId }),
    sides: true,
    get: { access: "leads", ok: adminOnly(ok200, forbidden) },
    post: {
      access: "leads",
      intents: {
        erase: noChange(
          () => ({ intent: "erase", mode: "delete", confirmation: "someone-else@example.com" }),
          adminOnly({ status: 400 }, forbidden),
        ),
      },
    },
  },
  "routes/console/lead-convert.tsx": withIntents(
    recordPage((c) => recordsOf(c).leadId, "leads"),
    "leads",
    {
      "": changes(
        after(unconverted, (c) => ({
          companyChoice: "new",
          companyName: `Matrix Co ${c.seq}`,
          name: "Matrix Requester",
          email: `matrix-convert-${c.seq}-${Date.now()}@example.com`,
          clientAdmin: "on",
        })),
        { ok: to(/^\/employee-dashboard\/clients\/[\w-]+\?notice=lead-converted$/), restore: unconverted },
      ),
    },
  ),
  "routes/console/support.tsx": {
    ...withForms("support", {
      "assign-to-me": deskChange((c) => ({ intent: "assign-to-me", id: complaintOfCell(c) })),
    }),
    // The list is everyone's; "Assign to me" names company A's request.
    company: { of: (c) => recordsOf(c).companyId, get: false },
  },
  // The original of a mail a client sent to their request, and its raw bytes: staff with Support.
  "routes/console/complaint-mail.tsx": {
    params: (c) => ({ id: complaintOfCell(c), messageId: recordsOf(c).inboundMailId }),
    sides: true,
    company: { of: (c) => recordsOf(c).companyId },
    ...page("support"),
  },
  "routes/console/complaint-mail-raw.ts": {
    params: (c) => ({ id: complaintOfCell(c), messageId: recordsOf(c).inboundMailId }),
    sides: true,
    company: { of: (c) => recordsOf(c).companyId },
    ...page("support"),
  },
  "routes/console/complaint.tsx": {
    ...withIntents(recordPage(complaintOfCell, "support"), "support", {
      reply: changes((c) => ({ intent: "reply", text: `Matrix staff reply ${c.seq}` })),
      // The desk. A forged assignee without Support is refused on its own (tests/support/support-desk.test.ts).
      assign: deskChange(() => ({ intent: "assign", assignee: "me" })),
      "set-priority": deskChange(() => ({ intent: "set-priority", priority: "urgent" })),
      "add-note": changes((c) => ({ intent: "add-note", text: `Matrix internal note ${c.seq}` })),
      "set-status": changes(
        after(pending, () => ({ intent: "set-status", status: "Resolved" })),
        { restore: pending },
      ),
    }),
    company: { of: (c) => recordsOf(c).companyId },
  },

  // Only Better Auth's OAuth callbacks are exposed; the rest of its API must stay hidden.
  "routes/resources/auth-api.ts": {
    params: () => ({ "*": "sign-up/email" }),
    ...formsOnly(
      notFound,
      "public",
      { "": noChange((c) => ({ email: `api-${c.seq}@example.com`, password: PASSWORD, name: "Api" }), notFound) },
      { ignoresBody: true },
    ),
  },
  "routes/resources/healthz.ts": page("public"),
  // Decision 0106: a calendar feed answers its address, never a session: a made-up address is 404
  // for everyone (real addresses, changed and removed ones: tests/accounts/calendar-feeds.test.ts).
  "routes/resources/calendar-feed.ts": { params: () => ({ file: `${randomUUID()}.${"A".repeat(43)}.ics` }), ...page("public", notFound) },
  "routes/resources/readyz.ts": page("public"),
  // The operator's monitoring reads it with METRICS_TOKEN, which the world's servers have; no
  // session opens it, whoever's: everyone here gets 401 (security/metrics.test.ts: off, port).
  "routes/resources/metrics.ts": page("public", { status: 401 }),
  // The share image: the brand's public name, tagline, colour and logo, the same for everyone.
  "routes/resources/share-image.ts": page("public"),
  "routes/resources/robots.ts": page("public"),
  "routes/resources/sitemap.ts": page("public"),
  // Stripe's webhook (decision 0084): public, gated by its Stripe-Signature, never by a session. The
  // world's servers run without STRIPE_* keys, so online payment is off and every actor gets 404;
  // signatures (400), duplicates and recording are tested in tests/billing/stripe.test.ts.
  "routes/resources/stripe-webhook.ts": formsOnly(
    method405,
    "public",
    { "": noChange(() => ({ event: "evt_matrix" }), notFound) },
    { ignoresBody: true },
  ),
  // Inbound mail over HTTP (decision 0096): a machine endpoint, opened by INBOUND_MAIL_SECRET only.
  // The world runs with a secret nobody holds, so every actor, signed in or not, gets 401 and
  // nothing is stored; secrets, types, replays and routing are tested in tests/inbound/.
  "routes/resources/inbound-mail.ts": formsOnly(
    method405,
    "public",
    { "": noChange(() => ({ raw: "From: matrix@example.com" }), { status: 401 }) },
    { ignoresBody: true },
  ),
  // The JSON API (decision 0104): bearer tokens only, so no cookie of any actor opens it (401, and
  // nothing changes); a path without that method answers 405. Scopes, expiry and revocation are
  // checked per token in security/api-tokens.test.ts.
  "routes/api/openapi.ts": page("public"),
  "routes/api/leads.ts": apiList(401),
  "routes/api/lead.ts": apiRecord(405),
  "routes/api/applications.ts": apiList(405),
  "routes/api/application.ts": apiRecord(405),
  "routes/api/application-resume.ts": apiRecord(405),
  "routes/api/companies.ts": apiList(401),
  "routes/api/company.ts": apiRecord(405),
  "routes/api/members.ts": apiList(405),
  "routes/api/member.ts": apiRecord(405),
  "routes/api/projects.ts": apiList(401),
  "routes/api/project.ts": apiRecord(405),
  "routes/api/milestones.ts": apiList(401),
  "routes/api/milestone.ts": apiRecord(405),
  "routes/api/support-requests.ts": apiList(405),
  "routes/api/support-request.ts": apiRecord(405),
  "routes/api/support-request-replies.ts": apiRecord(401, 405),
  "routes/resources/events-careers.ts": page("public"),
  "routes/resources/events-testimonials.ts": page("public"),
  "routes/portal/layout.tsx": page("client"),
  "routes/portal/profile.tsx": withForms("client", {
    "save-profile": changes((c) => ({ intent: "save-profile", fullName: `Matrix Name ${c.seq}`, phone: "+91 98200 12345" }), {
      ok: to("/user-dashboard"),
    }),
  }),
  "routes/portal/projects.tsx": withForms("client", {
    "create-project": changes((c) => ({ intent: "create-project", title: `Matrix project ${c.seq}`, description: "x" })),
  }),
  // A project's Overview; another company's project is "not found" (404), never 403.
  "routes/portal/project.tsx": portalTab({
    decide: owned(async (c) => ({
      intent: "decide",
      approvalId: await approvalWaiting(c),
      decision: "changes",
      comment: `Matrix ${c.seq}`,
    })),
  }),
  "routes/portal/support.tsx": {
    sides: true,
    ...withForms("client", {
      "create-complaint": changes((c) => ({ intent: "create-complaint", subject: `Matrix ${c.seq}`, message: "x" })),
      reply: owned((c) => ({ intent: "reply", complaintId: complaintOfCell(c), text: `Matrix client reply ${c.seq}` })),
      // Any member closes the company's request, and reopens it within 30 days.
      close: owned(
        after(deskAsSeeded, (c) => ({ intent: "close", complaintId: complaintOfCell(c) })),
        { restore: deskAsSeeded },
      ),
      reopen: owned(async (c) => ({ intent: "reopen", complaintId: await closedComplaint(c) }), { restore: deskAsSeeded }),
    }),
  },
  // Client A and B are their company's client admins (made on first need); A2 is made one per cell.
  "routes/portal/team.tsx": {
    sides: true,
    ...withForms("client", {
      invite: asClientAdminIntent((c) => ({
        intent: "invite",
        name: "Matrix Mate",
        email: `matrix-team-${c.seq}-${Date.now()}@example.com`,
      })),
      remove: asClientAdminIntent(async (c) => ({ intent: "remove", id: await spareTeammate(c) }), { othersRecord: notFound }),
      revoke: asClientAdminIntent(async (c) => ({ intent: "revoke", id: await pendingClientInvitation(c) }), { othersRecord: notFound }),
      // Another company's member is "not a member of the company": 404, nothing changed.
      "set-receives-invoices": asClientAdminIntent(
        async (c) => ({ intent: "set-receives-invoices", id: await spareTeammate(c), receivesInvoices: "on" }),
        { othersRecord: notFound },
      ),
    }),
  },
  "routes/portal/settings.tsx": page("client"),
  // Portal Billing (decision 0086): the company's client admins and the members who receive its
  // invoices (the world's A, A2 and B all may; tests/billing/portal-billing.test.ts refuses the
  // others with 404). Another company's invoice is 404 like an unknown id. The world's servers run
  // without STRIPE_* keys: Pay is refused (403) and changes nothing.
  "routes/portal/billing.tsx": page("client"),
  // The PDF stored at issue (rendered, not written, when a crash kept it from being filed).
  "routes/portal/billing-pdf.ts": {
    params: (c) => ({ id: recordsOf(c).portalInvoiceId! }),
    sides: true,
    get: { access: "client", ok: ok200, othersRecord: notFound },
  },
  "routes/portal/billing-invoice.tsx": {
    params: (c) => ({ id: recordsOf(c).portalInvoiceId! }),
    sides: true,
    get: { access: "client", ok: ok200, othersRecord: notFound },
    post: { access: "client", intents: { pay: { ...noChange(() => ({ intent: "pay" }), forbidden), othersRecord: notFound } } },
  },
  // Proposals (decision 0093): the company's list and one proposal, which any member may read,
  // sign or decline; another company's is a 404. The probes are refused by the form itself (a
  // total that is not the proposal's, a reason too long), so nothing is signed or declined.
  "routes/portal/proposals.tsx": page("client"),
  "routes/portal/proposal.tsx": {
    params: (c) => ({ id: recordsOf(c).portalProposalId! }),
    sides: true,
    get: { access: "client", ok: ok200, othersRecord: notFound },
    post: {
      access: "client",
      intents: {
        accept: {
          ...noChange(() => ({ intent: "accept", version: "1", total: "1", fullName: "Matrix Signer", consent: "on" }), { status: 409 }),
          othersRecord: notFound,
        },
        decline: { ...noChange(() => ({ intent: "decline", reason: "x".repeat(2001) }), { status: 400 }), othersRecord: notFound },
      },
    },
  },
  // Its signed PDF: the member's company's only; another company's is a 404.
  "routes/portal/proposal-pdf.ts": {
    params: (c) => ({ id: recordsOf(c).signedProposalId! }),
    sides: true,
    get: { access: "client", ok: ok200, othersRecord: notFound },
  },
  // The mail's link for a lead: the world's only link was already opened, so every visitor is told
  // it was used (410), and asking for a new one answers the same neutral sentence and, the
  // proposal being decided, mails nothing. Opening a fresh link (303 and the grant's cookie) and
  // the grant's page are covered by tests/proposals/proposal-routes.test.ts: the matrix cannot
  // carry the cookie a link sets, so here the grant's page answers 404 to everyone without one.
  "routes/proposals/link.tsx": {
    params: (c) => ({ token: c.world.records["client A"].spentProposalToken! }),
    get: { access: "public", ok: { status: 410 } },
    post: { access: "public", intents: { relink: noChange(() => ({ intent: "relink" }), ok200) } },
  },
  "routes/proposals/view.tsx": {
    params: (c) => ({ id: c.world.records["client A"].portalProposalId! }),
    get: { access: "public", ok: notFound },
    post: {
      access: "public",
      intents: {
        accept: noChange(() => ({ intent: "accept", version: "1", total: "12000", fullName: "Matrix Signer", consent: "on" }), notFound),
        decline: noChange(() => ({ intent: "decline", reason: "" }), notFound),
      },
    },
  },
  // An approval mail's link (decision 0099) is reachable without a session, by its token only. A
  // made-up token for a made-up approval is a bare 404 to everyone, on GET and before a POST's body
  // is read: the page shows nothing and decides nothing. A real link's page, its single use, expiry
  // and refusals are covered by tests/projects/approval-mail-links.test.ts.
  "routes/approvals/mail-link.tsx": {
    params: () => ({ id: "00000000-0000-4000-8000-000000000099", token: "A".repeat(43) }),
    get: { access: "public", ok: notFound },
    post: {
      access: "public",
      intents: {
        decide: noChange(() => ({ intent: "decide", approvalId: "00000000-0000-4000-8000-000000000099", decision: "approve" }), notFound),
      },
    },
  },
  // Each person's own notifications (world markers NOTIFY-: client B's never show for A).
  "routes/portal/notifications.tsx": page("client"),
  "routes/console/notifications.tsx": page("account"),
  // Saved replies, shared by the support desk.
  "routes/console/saved-replies.tsx": withForms("support", {
    save: changes((c) => ({ intent: "save", title: `Matrix reply ${c.seq}`, body: "Hello {client_name}" })),
    delete: changes(async (c) => ({ intent: "delete", id: await spareSavedReply(c) })),
  }),
  "routes/resources/notifications-read.ts": {
    sides: true,
    ...withForms(
      "signed-in",
      {
        one: owned(async (c) => ({ intent: "one", id: await unreadNotification(c) }), { ok: backToNotifications }),
        // Marks the actor's own only, whatever the side: there is always one unread to mark.
        all: changes(async (c) => (await unreadNotification({ ...c, side: "own" }), { intent: "all" }), { ok: backToNotifications }),
      },
      { client: to("/user-dashboard/notifications"), staff: to("/employee-dashboard/notifications") },
    ),
  },
  ...MAIL_PREFERENCE_POLICIES,
  "routes/portal/settings-reset-password.ts": formsOnly(
    to("/user-dashboard/settings"),
    "client",
    { "reset-password": changes(() => ({ intent: "reset-password" }), { ok: to("/user-dashboard/settings?notice=reset-sent") }) },
    { ignoresBody: true },
  ),
  // Decision 0050: "Download my data", the member's own ZIP.
  "routes/portal/settings-export.ts": page("client"),
  // Its console twin, a subject access request for a member of a company: admin only.
  "routes/console/client-member-export.ts": {
    params: (c) => ({ id: recordsOf(c).companyId, userId: owner(c).id! }),
    // A subject access request holds the person's own notifications, which no console page shows.
    get: { access: "clients", ok: adminOnly(ok200, forbidden), showsStaff: ["NOTIFY-"] },
  },
  "routes/portal/settings-delete-account.ts": formsOnly(
    to("/user-dashboard/settings"),
    "client",
    { "delete-account": changes(() => ({ intent: "delete-account" }), { ok: to("/?notice=deleted"), disposable: "account" }) },
    { ignoresBody: true },
  ),
  // The world's clients are verified: "Send again" queues nothing and says so.
  "routes/portal/verify-email-send.ts": formsOnly(to("/user-dashboard"), "client", {
    "": noChange(() => ({ returnTo: "/user-dashboard/settings" }), to("/user-dashboard/settings?notice=email-verified")),
  }),
  // A signed-in user's own sessions and passkeys: owner-scoped, 404 for anyone else's.
  "routes/account/sessions.ts": {
    sides: true,
    ...formsOnly(method405, "signed-in", {
      // The actor's own fresh session (disposable), or the other client's: never the world's.
      "sign-out": owned(
        async (c) => ({
          intent: "sign-out",
          id: await sessionIdOf(
            c.world,
            isStaffRole(c.actor.role) || c.side === "own" ? (c.actor.cookie ?? owner(c).cookie!) : owner(c).cookie!,
          ),
        }),
        { ok: backToAccount("session-signed-out"), disposable: "session" },
      ),
    }),
  },
  "routes/account/passkeys.ts": {
    sides: true,
    ...formsOnly(method405, "signed-in", {
      rename: owned(async (c) => ({ intent: "rename", id: await storedPasskey(c.world, selfOrOwner(c)), name: `Matrix key ${c.seq}` }), {
        ok: backToAccount("passkey-renamed"),
      }),
      delete: owned(async (c) => ({ intent: "delete", id: await storedPasskey(c.world, selfOrOwner(c)) }), {
        ok: backToAccount("passkey-deleted"),
      }),
    }),
  },
  // A signed-in person's own time zone: their own row only (no id is posted), back to their account page.
  "routes/account/time-zone.ts": formsOnly(method405, "signed-in", {
    // A zone the actor does not have yet, so each allowed save is a change.
    "save-time-zone": changes(async (c) => ({ intent: "save-time-zone", timeZone: await freshZone(c) }), {
      ok: backToAccount("time-zone-saved"),
      restore: ownZoneUnset,
    }),
  }),
  // Decision 0106: a person's own calendar feed (no id is posted: their own row only).
  "routes/account/calendar-feed.ts": formsOnly(method405, "signed-in", {
    make: changes(
      after(ownFeedRemoved, () => ({ intent: "make" })),
      { ok: backToAccount("calendar-feed-made"), restore: ownFeedRemoved },
    ),
    remove: changes(
      after(ownFeedMade, () => ({ intent: "remove" })),
      { ok: backToAccount("calendar-feed-removed") },
    ),
  }),
  "routes/account/passkey-new.ts": formsOnly(method405, "signed-in", {
    // Decision 0053: without a recent "confirm it's you", Better Auth's endpoint is refused and
    // no challenge is stored.
    options: noChange(() => ({ intent: "options" }), { status: 403 }),
    verify: noChange(() => ({ intent: "verify", response: "{}" }), { status: 400 }),
  }),
  // Decision 0053: "confirm it's you" with the password; a wrong one is refused on the field and
  // marks nothing.
  "routes/account/confirm.tsx": withForms("signed-in", { "": noChange(() => ({ password: "not-the-current-password" }), { status: 400 }) }),
  "routes/resources/events-console.ts": page("overview"),
  "routes/resources/events-portal.ts": page("client"),
  "routes/marketing/not-found.tsx": {
    params: () => ({ "*": "no-such-page" }),
    ...formsOnly(to("/"), "public", { "": noChange(() => ({ anything: "x" }), to("/")) }, { ignoresBody: true }),
  },
};

/** A console section: staff only, and only the roles that may use it. */
export const isStaffAccess = (access: Access): access is ConsoleArea => (CONSOLE_AREAS as readonly string[]).includes(access);
const roleMay = (role: Role, access: ConsoleArea) => isStaffRole(role) && mayUse(role, access);

/** What `actor` gets where `access` applies and the allowed answer is `ok`. */
export function expected(access: Access, role: Role, ok: PerRole<Expect>): Expect {
  if (access !== "public" && role === "guest") return to("/login");
  if (access === "client" && isStaffRole(role)) return to("/employee-dashboard");
  if (isStaffAccess(access) && role === "client") return { status: 403 };
  // A staff role outside the section is refused on the server with 403.
  if (isStaffAccess(access) && !roleMay(role, access)) return { status: 403 };
  return perRole(ok, role);
}

const PER_ROLE_KEYS = ["guest", "client", "staff", "admin", "sales", "recruiter", "delivery", "finance"];

export function perRole<T>(value: PerRole<T>, role: Role): T {
  if (value && typeof value === "object" && !("status" in value) && PER_ROLE_KEYS.some((key) => key in value)) {
    const byRole = value as Partial<Record<Role | "staff", T>>;
    const chosen = byRole[role] ?? (isStaffRole(role) ? byRole.staff : undefined);
    if (chosen === undefined) throw new Error(`no expectation declared for ${role}`);
    return chosen;
  }
  return value as T;
}

export function fillPattern(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)|\*/g, (match, name: string | undefined) => {
    const value = params[name ?? "*"];
    if (value === undefined) throw new Error(`no value for ${match} in ${pattern}`);
    return name ? encodeURIComponent(value) : value;
  });
}

export const allowed = (access: Access, role: Role) =>
  access === "public" ||
  (access === "signed-in" && role !== "guest") ||
  (access === "client" && role === "client") ||
  (isStaffAccess(access) && roleMay(role, access));
