import { randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { pdf } from "../../tests/fixtures/make-files";
import { applicationFields, PASSWORD, postForm, postMultipart, quoteFields, register, signIn, warmFormToken } from "./client";
import { clearRateLimits, database, markEmailVerified, userId } from "./database";
import { addStaffWithCli, type ServerInfo } from "./server";
import { letReceiveInvoices, seedInvoices, seedPortalInvoice } from "./world-billing";
import { seedInboundMail } from "./world-inbound";
import { webhooksAsSeeded } from "./world-webhooks";
import { seedPortalProposal, seedSignedProposal, seedSpentProposalLink } from "./world-proposal-links";
import { seedProposal } from "./world-proposals";
import { seedWorkspace } from "./world-workspace";

// One staff member per console role (decision 0031). "admin" is also reachable as
// `actors.staff`, the staff member of the suites that need just one.
export type StaffRoleName = "admin" | "sales" | "recruiter" | "delivery" | "finance";
// Clients are companies. "client A" and "client A2" are two members of company A (they
// see and work on the same records); "client B" is the member of company B.
// Decision 0105: staff limited to their assigned companies: "delivery assigned" is on company A's
// team, "delivery unassigned" on no company's; "sales assigned" and "finance assigned" are on
// company A's team too, so leads, proposals and billing meet the limit (A's records allowed, B's
// not found).
export type LimitedActorName = "delivery assigned" | "delivery unassigned" | "sales assigned" | "finance assigned";
export type ActorName = "guest" | "client A" | "client A2" | "client B" | StaffRoleName | LimitedActorName;
export const ACTORS: ActorName[] = [
  "guest",
  "client A",
  "client A2",
  "client B",
  "admin",
  "sales",
  "recruiter",
  "delivery",
  "finance",
  "delivery assigned",
  "delivery unassigned",
  "sales assigned",
  "finance assigned",
];
export const STAFF_ACTORS: StaffRoleName[] = ["admin", "sales", "recruiter", "delivery", "finance"];
export const isStaffRole = (role: Actor["role"]): role is StaffRoleName => (STAFF_ACTORS as string[]).includes(role);

export interface Actor {
  name: ActorName;
  role: "guest" | "client" | StaffRoleName;
  email?: string;
  id?: string;
  cookie?: string;
  /** Limited to their assigned companies (decision 0105): the ids of those companies. */
  assignedCompanies?: string[];
}

/** Whether a limited staff member may see `companyId`; everyone else is not limited by assignment. */
export function assignedTo(actor: Actor, companyId: string): boolean {
  return actor.assignedCompanies === undefined || actor.assignedCompanies.includes(companyId);
}

/** One client's records, each carrying a marker that must never reach anyone else. */
export interface ClientRecords {
  /** The company the records belong to. */
  companyId: string;
  projectId: string;
  complaintId: string;
  leadId: string;
  applicationId: string;
  /** A file the client uploaded to the project (an image, so it has a thumbnail), and its version. */
  fileId: string;
  fileVersionId: string;
  /** A milestone of the company's project (its title is the MILESTONE- marker). */
  milestoneId: string;
  /** An image attached to a reply on the client's support request. */
  attachmentId: string;
  /** A mail the client sent to that request, as the inbound entry stores it (world-inbound.ts). */
  inboundMailId: string;
  /** An issued, unpaid invoice and a draft of the company, billed to the INVOICE- marker. */
  invoiceId: string;
  draftInvoiceId: string;
  /** A draft proposal for the lead, ready to send (world-proposals.ts). */
  proposalId: string;
  markers: string[];
  /** Portal Billing (decision 0086): an issued invoice of the company (world-billing.ts). */
  portalInvoiceId?: string;
  /** Proposals (decision 0093): one sent to the company (world-proposals.ts). */
  portalProposalId?: string;
  /** An accepted, signed proposal of the company (its signed PDF's routes). */
  signedProposalId?: string;
  /** Client A only: the token of an already opened link to a declined lead proposal. */
  spentProposalToken?: string;
}

/** Two clients with data, a staff member, and the demo content: serializable, shared by the suites. */
export interface World {
  server: ServerInfo;
  actors: Record<ActorName, Actor> & { staff: Actor };
  records: { "client A": ClientRecords; "client B": ClientRecords };
  openings: [string, string];
  testimonials: [string, string];
  staffPassword: string;
}

export const STAFF_PASSWORD = "staff-password-0123456789";

/**
 * A company of nobody in the matrix, made with the world. The company page's forms (close,
 * reopen, client admin, remove a member) act on it, never on client A's or B's company: closing
 * theirs would sign the matrix's clients out.
 */
export const MATRIX_COMPANY_ID = "matrix-spare-company";

async function seedClient(server: ServerInfo, label: "A" | "B", openingId: string): Promise<{ actor: Actor; records: ClientRecords }> {
  const tag = `${label}${randomBytes(4).toString("hex")}`;
  const email = `client-${tag.toLowerCase()}@example.com`;
  const cookie = await register(server, email);
  // Established clients: their address is verified (decision 0028), so they receive account mail.
  await markEmailVerified(server, email);
  const id = await userId(server, email);
  // NOTE- is an internal note on the request, for staff with Support only, never a client.
  const markers = [
    `PROFILE-${tag}`,
    `PROJECT-${tag}`,
    `COMPLAINT-${tag}`,
    `LEAD-${tag}`,
    `APPLICATION-${tag}`,
    email,
    `FILE-${tag}`,
    `MILESTONE-${tag}`,
    `ATTACHMENT-${tag}`,
    `NOTIFY-${tag}`,
    `NOTE-${tag}-SECRET`,
    `INVOICE-${tag}`,
  ];
  const must = (what: string, status: number, ok: number[]) => {
    if (!ok.includes(status)) throw new Error(`seeding ${what} for client ${label} answered ${status}`);
  };
  must(
    "profile",
    (
      await postForm(
        server,
        "/user-dashboard?index",
        { intent: "save-profile", fullName: markers[0]!, phone: "+91 98200 12345" },
        { cookie },
      )
    ).status,
    [302],
  );
  must(
    "project",
    (
      await postForm(
        server,
        "/user-dashboard/projects",
        { intent: "create-project", title: markers[1]!, description: "Private work." },
        { cookie },
      )
    ).status,
    [200],
  );
  must(
    "complaint",
    (
      await postForm(
        server,
        "/user-dashboard/support",
        { intent: "create-complaint", subject: markers[2]!, message: "Private trouble." },
        { cookie },
      )
    ).status,
    [200],
  );
  must("lead", (await postForm(server, "/quote", await quoteFields(server, { email, requirement: markers[3]! }))).status, [200]);
  const application = await postMultipart(
    server,
    `/apply/${openingId}/submit`,
    await applicationFields(server, { email, message: markers[4]! }),
    { filename: `cv-${tag}.pdf`, bytes: pdf() },
    { cookie },
  );
  must("application", application.status, [200]);

  const db = database(server);
  const row = async <T>(query: Promise<T | undefined>, what: string): Promise<T> => {
    const value = await query;
    if (!value) throw new Error(`seeded ${what} of client ${label} not found`);
    return value;
  };
  const member = await row(db.selectFrom("users").select("companyId").where("id", "=", id).executeTakeFirst(), "company");
  const companyId = member.companyId!;
  const project = await row(db.selectFrom("projects").select("id").where("companyId", "=", companyId).executeTakeFirst(), "project");
  const complaint = await row(db.selectFrom("complaints").select("id").where("companyId", "=", companyId).executeTakeFirst(), "complaint");
  const lead = await row(db.selectFrom("quotes").select("id").where("email", "=", email).executeTakeFirst(), "lead");
  const app = await row(db.selectFrom("jobApplications").select("id").where("appliedBy", "=", id).executeTakeFirst(), "application");
  const milestoneId = randomUUID();
  const now = Date.now();
  await db
    .insertInto("milestones")
    .values({
      id: milestoneId,
      projectId: project.id,
      title: markers[7]!,
      description: "Private plan.",
      dueDate: null,
      status: "planned",
      position: 1,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    })
    .execute();
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#345" } })
    .png()
    .toBuffer();
  must(
    "file",
    (
      await postMultipart(
        server,
        `/projects/${project.id}/files/upload`,
        {},
        { field: "files", filename: `${markers[6]!}.png`, bytes: image },
        { cookie },
      )
    ).status,
    [303],
  );
  const version = await row(
    db.selectFrom("fileVersions").select(["id", "fileId"]).where("projectId", "=", project.id).executeTakeFirst(),
    "file",
  );
  const reply = { intent: "reply", complaintId: complaint.id, text: "Here is the file." };
  must(
    "attachment",
    (
      await postMultipart(
        server,
        `/user-dashboard/support?reply=${complaint.id}`,
        reply,
        { field: "attachments", filename: `${markers[8]!}.png`, bytes: image },
        { cookie },
      )
    ).status,
    [200],
  );
  const attachment = await row(
    db.selectFrom("attachments").select("id").where("complaintId", "=", complaint.id).executeTakeFirst(),
    "attachment",
  );
  // A notification of this client's own, shown by their bell and notifications page only.
  await db
    .insertInto("notifications")
    .values({
      id: randomUUID(),
      userId: id,
      type: "progress_change",
      eventKey: `matrix:${tag}`,
      title: markers[9]!,
      body: "Private news.",
      link: `/user-dashboard/projects/${project.id}`,
      actorName: "Matrix Staff",
      createdAt: now,
      readAt: null,
    })
    .execute();
  const staffAdmin = await row(db.selectFrom("users").select(["id", "name"]).where("staffRole", "=", "admin").executeTakeFirst(), "admin");
  await db
    .insertInto("complaintNotes")
    .values({
      id: randomUUID(),
      complaintId: complaint.id,
      authorId: staffAdmin.id,
      authorName: staffAdmin.name || "Matrix Admin",
      text: markers[10]!,
      createdAt: now,
    })
    .execute();
  const invoices = await seedInvoices(server, companyId, markers[11]!, tag);
  const inboundMailId = await seedInboundMail(server, complaint.id, `INBOUND-${tag}`);
  const proposalId = await seedProposal(server, lead.id, tag);
  return {
    actor: { name: label === "A" ? "client A" : "client B", role: "client", email, id, cookie },
    records: {
      companyId,
      projectId: project.id,
      complaintId: complaint.id,
      leadId: lead.id,
      applicationId: app.id,
      fileId: version.fileId,
      fileVersionId: version.id,
      milestoneId,
      attachmentId: attachment.id,
      inboundMailId,
      ...invoices,
      proposalId,
      markers,
    },
  };
}

/**
 * Company A's second member: registered, then moved into company A as an accepted invitation would
 * (its own self-made company, empty, is dropped). Their records are company A's.
 */
async function seedTeammate(server: ServerInfo, companyId: string): Promise<Actor> {
  const email = `client-a2${randomBytes(4).toString("hex")}@example.com`;
  const cookie = await register(server, email);
  await markEmailVerified(server, email);
  const id = await userId(server, email);
  const db = database(server);
  const own = await db.selectFrom("users").select("companyId").where("id", "=", id).executeTakeFirst();
  await db
    .updateTable("users")
    .set({ companyId, clientAdmin: server.backend === "sqlite" ? 0 : false })
    .where("id", "=", id)
    .execute();
  if (own?.companyId) await db.deleteFrom("companies").where("id", "=", own.companyId).execute();
  return { name: "client A2", role: "client", email, id, cookie };
}

export async function seedWorld(server: ServerInfo): Promise<World> {
  await warmFormToken(server);
  const db = database(server);
  const openings = await db.selectFrom("jobOpenings").select("id").where("status", "=", "open").orderBy("id").limit(2).execute();
  const testimonials = await db.selectFrom("testimonials").select("id").orderBy("id").limit(2).execute();
  if (openings.length < 2 || testimonials.length < 2) throw new Error("the demo content has fewer than two openings or testimonials");

  const staff = {} as Record<StaffRoleName, Actor>;
  // The first is the admin (the CLI's first staff account always is).
  for (const role of STAFF_ACTORS) {
    const email = `${role}-${randomBytes(4).toString("hex")}@indigokite.dev`;
    addStaffWithCli(server, email, STAFF_PASSWORD, role);
    const cookie = await signIn(server, email, STAFF_PASSWORD, "/employee-login");
    staff[role] = { name: role, role, email, id: await userId(server, email), cookie };
  }
  // Limited from the start, so no alert of a company they are not assigned to reaches them.
  const limited = {} as Record<LimitedActorName, Actor>;
  const limitedRoles: Record<LimitedActorName, StaffRoleName> = {
    "delivery assigned": "delivery",
    "delivery unassigned": "delivery",
    "sales assigned": "sales",
    "finance assigned": "finance",
  };
  for (const [name, role] of Object.entries(limitedRoles) as [LimitedActorName, StaffRoleName][]) {
    const email = `${name.replace(" ", "-")}-${randomBytes(4).toString("hex")}@indigokite.dev`;
    addStaffWithCli(server, email, STAFF_PASSWORD, role);
    const id = await userId(server, email);
    await db.updateTable("users").set({ assignedOnly: 1 }).where("id", "=", id).execute();
    const cookie = await signIn(server, email, STAFF_PASSWORD, "/employee-login");
    limited[name] = { name, role, email, id, cookie, assignedCompanies: [] };
  }
  const now = Date.now();
  await db
    .insertInto("companies")
    .values({
      id: MATRIX_COMPANY_ID,
      name: "Matrix Spare Co",
      website: "",
      country: "",
      origin: "staff",
      createdAt: now,
      updatedAt: now,
      closedAt: null,
    })
    .execute();
  const a = await seedClient(server, "A", openings[0]!.id);
  // Company A's team: the assigned members (company B has none).
  for (const name of ["delivery assigned", "sales assigned", "finance assigned"] as const) {
    await db
      .insertInto("companyTeam")
      .values({ companyId: a.records.companyId, userId: limited[name].id!, manager: 0, addedAt: Date.now() })
      .execute();
    limited[name].assignedCompanies = [a.records.companyId];
  }
  const b = await seedClient(server, "B", openings[0]!.id);
  const a2 = await seedTeammate(server, a.records.companyId);
  for (const side of [a, b]) await seedWorkspace(server, side.records);
  // Portal Billing (decision 0086): an issued invoice per company; A2 receives invoices too.
  for (const [label, side] of [
    ["A", a],
    ["B", b],
  ] as const) {
    const invoice = await seedPortalInvoice(server, side.records.companyId, `${label}${randomBytes(4).toString("hex")}`);
    side.records.portalInvoiceId = invoice.id;
    side.records.markers.push(invoice.marker);
    side.records.portalProposalId = await seedPortalProposal(server, side.records.companyId);
    side.records.signedProposalId = await seedSignedProposal(
      server,
      side.records.companyId,
      `matrix-signer-${label.toLowerCase()}@example.com`,
    );
  }
  a.records.spentProposalToken = await seedSpentProposalLink(server);
  await letReceiveInvoices(server, a2.id!);
  await webhooksAsSeeded(server);
  // Seeding used up the clients' mail allowance (verification, quote and application mails): the
  // suites start with none counted.
  await clearRateLimits(server);
  return {
    server,
    actors: {
      guest: { name: "guest", role: "guest" },
      "client A": a.actor,
      "client A2": a2,
      "client B": b.actor,
      ...staff,
      ...limited,
      staff: staff.admin,
    },
    records: { "client A": a.records, "client B": b.records },
    openings: [openings[0]!.id, openings[1]!.id],
    testimonials: [testimonials[0]!.id, testimonials[1]!.id],
    staffPassword: STAFF_PASSWORD,
  };
}

/** The actor for a cell that ends its session or account: a fresh sign-in, or a fresh client. */
export async function disposableActor(world: World, actor: Actor, kind: "session" | "account" | undefined): Promise<Actor> {
  if (!kind || actor.role === "guest") return actor;
  if (kind === "account" && actor.role === "client") {
    const email = `disposable-${randomBytes(4).toString("hex")}-${Date.now()}@example.com`;
    const cookie = await register(world.server, email);
    return { ...actor, email, cookie, id: await userId(world.server, email) };
  }
  const cookie = isStaffRole(actor.role)
    ? await signIn(world.server, actor.email!, world.staffPassword, "/employee-login")
    : await signIn(world.server, actor.email!, PASSWORD);
  return { ...actor, cookie };
}

export { PASSWORD };
