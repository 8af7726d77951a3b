import { z } from "~/lib/zod";
import { LEAD_STATUSES } from "~/lib/schemas/quotes-staff";
import { APPLICATION_STAGES } from "~/lib/schemas/applications-staff";
import { PROJECT_STATUSES } from "~/lib/schemas/projects-staff";
import { COMPLAINT_STATUSES } from "~/lib/schemas/complaints-staff";
import { APPROVAL_STATUSES, APPROVAL_SUBJECT_TYPES, MILESTONE_STATUSES, PROGRESS_MODES } from "~/lib/milestones";
import { PRIORITIES } from "~/lib/support-desk";
import { sideOfSender } from "~/lib/side";
import { receivesInvoicesOf } from "~/lib/members";
import { apiRegistry, calendarDate, instant, money, nullableInstant, type Money } from "./resource-fields";

// How the API (and the webhooks' payloads, which carry the changed resource) show each record.
// Each schema describes the JSON exactly; each `*Resource` function maps a stored row to it and is
// pure, so a webhook written inside a transaction and a GET answer say the same thing.
// Timestamps are ISO 8601 in UTC, calendar dates YYYY-MM-DD, money integer minor units + currency.

const id = z.string().min(1).max(64);
const bool = (value: boolean | number | null | undefined) => value === true || value === 1;
const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : iso(ms));

export const leadSchema = z
  .object({
    object: z.literal("lead"),
    id,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    country: z.string(),
    requirement: z.string(),
    status: z.enum(LEAD_STATUSES),
    companyId: id.nullable().describe("The client company this lead became, once converted."),
    submittedAt: instant,
    statusChangedAt: nullableInstant,
    updatedAt: instant.describe("The latest of submittedAt and statusChangedAt."),
  })
  .register(apiRegistry, { id: "Lead", description: "A lead (a quote request from the site or the API)." });
export type LeadResource = z.infer<typeof leadSchema>;

export interface LeadRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  country: string;
  requirement: string;
  status: string;
  companyId: string | null;
  submittedAt: number;
  statusChangedAt: number | null;
}

export function leadResource(row: LeadRow): LeadResource {
  return {
    object: "lead",
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    requirement: row.requirement,
    status: row.status as LeadResource["status"],
    companyId: row.companyId,
    submittedAt: iso(row.submittedAt),
    statusChangedAt: isoOrNull(row.statusChangedAt),
    updatedAt: iso(Math.max(row.submittedAt, row.statusChangedAt ?? 0)),
  };
}

export const applicationSchema = z
  .object({
    object: z.literal("application"),
    id,
    openingId: id,
    name: z.string(),
    email: z.string(),
    message: z.string(),
    stage: z.enum(APPLICATION_STAGES),
    resume: z
      .object({
        name: z.string(),
        contentType: z.string(),
        size: z.int().nonnegative().describe("Bytes."),
        url: z.string().describe("GET it with a token that has applications:resume."),
      })
      .nullable()
      .describe("The resume's details (never its bytes); null when none was sent."),
    submittedAt: instant,
    stageChangedAt: nullableInstant,
    updatedAt: instant.describe("The latest of submittedAt and stageChangedAt."),
  })
  .register(apiRegistry, { id: "Application", description: "A job application." });
export type ApplicationResource = z.infer<typeof applicationSchema>;

export interface ApplicationRow {
  id: string;
  jobId: string;
  name: string;
  email: string;
  message: string;
  stage: string;
  resume: string;
  resumeName: string;
  resumeType: string;
  resumeSize: number;
  submittedAt: number;
  stageChangedAt: number | null;
}

export const applicationResumePath = (id: string) => `/api/v1/applications/${id}/resume`;

export function applicationResource(row: ApplicationRow): ApplicationResource {
  return {
    object: "application",
    id: row.id,
    openingId: row.jobId,
    name: row.name,
    email: row.email,
    message: row.message,
    stage: row.stage as ApplicationResource["stage"],
    resume: row.resume
      ? { name: row.resumeName, contentType: row.resumeType, size: row.resumeSize, url: applicationResumePath(row.id) }
      : null,
    submittedAt: iso(row.submittedAt),
    stageChangedAt: isoOrNull(row.stageChangedAt),
    updatedAt: iso(Math.max(row.submittedAt, row.stageChangedAt ?? 0)),
  };
}

export const companySchema = z
  .object({
    object: z.literal("company"),
    id,
    name: z.string(),
    website: z.string().describe('An http(s) address, or "".'),
    country: z.string(),
    origin: z.enum(["self", "staff"]).describe('"self": registered at the login page; "staff": made by staff or from a won lead.'),
    mailDecisions: z.boolean().describe("Members may decide approvals from the request mail's links."),
    closedAt: nullableInstant,
    createdAt: instant,
    updatedAt: instant,
  })
  .register(apiRegistry, { id: "Company", description: "A client company." });
export type CompanyResource = z.infer<typeof companySchema>;

export interface CompanyRow {
  id: string;
  name: string;
  website: string;
  country: string;
  origin: string;
  mailDecisions: number | boolean;
  closedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export function companyResource(row: CompanyRow): CompanyResource {
  return {
    object: "company",
    id: row.id,
    name: row.name,
    website: row.website,
    country: row.country,
    origin: row.origin === "self" ? "self" : "staff",
    mailDecisions: bool(row.mailDecisions),
    closedAt: isoOrNull(row.closedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export const memberSchema = z
  .object({
    object: z.literal("member"),
    id,
    companyId: id,
    email: z.string(),
    name: z.string().describe("The full name, else the e-mail address."),
    clientAdmin: z.boolean(),
    receivesInvoices: z.boolean(),
    lastSignInAt: nullableInstant,
    createdAt: instant,
  })
  .register(apiRegistry, { id: "Member", description: "A person of a client company." });
export type MemberResource = z.infer<typeof memberSchema>;

export interface MemberRow {
  id: string;
  companyId: string;
  email: string;
  /** The profile's full name, else the account's name; "" falls back to the e-mail. */
  name: string | null;
  clientAdmin: boolean | number;
  receivesInvoices: boolean | number | null;
  lastSignInAt: number | null;
  createdAt: number | string | Date;
}

export function memberResource(row: MemberRow): MemberResource {
  return {
    object: "member",
    id: row.id,
    companyId: row.companyId,
    email: row.email,
    name: row.name?.trim() || row.email,
    clientAdmin: bool(row.clientAdmin),
    receivesInvoices: receivesInvoicesOf(row),
    lastSignInAt: isoOrNull(row.lastSignInAt),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export const projectSchema = z
  .object({
    object: z.literal("project"),
    id,
    companyId: id.nullable(),
    title: z.string(),
    description: z.string(),
    status: z.enum(PROJECT_STATUSES),
    progress: z.int().min(0).max(100),
    progressMode: z.enum(PROGRESS_MODES),
    startDate: calendarDate.nullable(),
    dueDate: calendarDate.nullable(),
    ownerId: id.nullable().describe("The staff member who runs it."),
    archivedAt: nullableInstant,
    createdAt: instant,
    updatedAt: instant,
  })
  .register(apiRegistry, { id: "Project", description: "A client company's project." });
export type ProjectResource = z.infer<typeof projectSchema>;

export interface ProjectRow {
  id: string;
  companyId: string | null;
  title: string;
  description: string;
  status: string;
  progress: number;
  progressMode: string;
  startDate: string | null;
  dueDate: string | null;
  ownerId: string | null;
  archivedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export function projectResource(row: ProjectRow): ProjectResource {
  return {
    object: "project",
    id: row.id,
    companyId: row.companyId,
    title: row.title,
    description: row.description,
    status: row.status as ProjectResource["status"],
    progress: row.progress,
    progressMode: row.progressMode === "milestones" ? "milestones" : "manual",
    startDate: row.startDate,
    dueDate: row.dueDate,
    ownerId: row.ownerId,
    archivedAt: isoOrNull(row.archivedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export const milestoneSchema = z
  .object({
    object: z.literal("milestone"),
    id,
    projectId: id,
    title: z.string(),
    description: z.string(),
    status: z.enum(MILESTONE_STATUSES),
    dueDate: calendarDate.nullable(),
    position: z.int().describe("1 is first."),
    completedAt: nullableInstant,
    createdAt: instant,
    updatedAt: instant,
  })
  .register(apiRegistry, { id: "Milestone", description: "A step of a project." });
export type MilestoneResource = z.infer<typeof milestoneSchema>;

export interface MilestoneRow {
  id: string;
  projectId: string;
  title: string;
  description: string;
  status: string;
  dueDate: string | null;
  position: number;
  completedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export function milestoneResource(row: MilestoneRow): MilestoneResource {
  return {
    object: "milestone",
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    description: row.description,
    status: row.status as MilestoneResource["status"],
    dueDate: row.dueDate,
    position: row.position,
    completedAt: isoOrNull(row.completedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export const supportReplySchema = z
  .object({
    object: z.literal("support_reply"),
    id,
    supportRequestId: id,
    side: z.enum(["client", "staff"]).describe("Who wrote it: the client's member or the agency."),
    senderName: z.string(),
    text: z.string(),
    channel: z.enum(["portal", "email"]),
    createdAt: instant,
  })
  .register(apiRegistry, { id: "SupportReply", description: "A message on a support request." });
export type SupportReplyResource = z.infer<typeof supportReplySchema>;

export interface SupportReplyRow {
  id: string;
  complaintId: string;
  sender: string;
  senderName: string;
  text: string;
  channel: string;
  timestamp: number;
}

export function supportReplyResource(row: SupportReplyRow): SupportReplyResource {
  return {
    object: "support_reply",
    id: row.id,
    supportRequestId: row.complaintId,
    side: sideOfSender(row.sender),
    senderName: row.senderName,
    text: row.text,
    channel: channelOf(row.channel),
    createdAt: iso(row.timestamp),
  };
}

const channelOf = (value: string) => (value === "email" ? "email" : "portal");

export const supportRequestSchema = z
  .object({
    object: z.literal("support_request"),
    id,
    companyId: id.nullable(),
    subject: z.string(),
    message: z.string(),
    status: z.enum(COMPLAINT_STATUSES),
    priority: z.enum(PRIORITIES),
    channel: z.enum(["portal", "email"]),
    assigneeId: id.nullable().describe("The staff member who owns it."),
    waitingSince: nullableInstant.describe("The client's oldest unanswered message; null when the agency spoke last."),
    closedAt: nullableInstant,
    createdAt: instant,
    updatedAt: instant,
    replies: z.array(supportReplySchema).optional().describe("Present when one request is read."),
  })
  .register(apiRegistry, { id: "SupportRequest", description: "A client's support request." });
export type SupportRequestResource = z.infer<typeof supportRequestSchema>;

export interface SupportRequestRow {
  id: string;
  companyId: string | null;
  subject: string;
  message: string;
  status: string;
  priority: string;
  channel: string;
  assigneeId: string | null;
  waitingSince: number | null;
  closedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export function supportRequestResource(row: SupportRequestRow, replies?: readonly SupportReplyRow[]): SupportRequestResource {
  const resource: SupportRequestResource = {
    object: "support_request",
    id: row.id,
    companyId: row.companyId,
    subject: row.subject,
    message: row.message,
    status: row.status as SupportRequestResource["status"],
    priority: row.priority as SupportRequestResource["priority"],
    channel: channelOf(row.channel),
    assigneeId: row.assigneeId,
    waitingSince: isoOrNull(row.waitingSince),
    closedAt: isoOrNull(row.closedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
  if (replies) resource.replies = replies.map(supportReplyResource);
  return resource;
}

export const approvalSchema = z
  .object({
    object: z.literal("approval"),
    id,
    projectId: id,
    subject: z.object({ type: z.enum(APPROVAL_SUBJECT_TYPES), id }).describe("The milestone or project file to approve."),
    status: z.enum(APPROVAL_STATUSES),
    note: z.string(),
    comment: z.string().describe("The member's comment; set when changes were requested."),
    requestedByName: z.string(),
    requestedAt: instant,
    decidedByName: z.string().nullable(),
    decidedAt: nullableInstant,
  })
  .register(apiRegistry, { id: "Approval", description: "A request for the client's sign-off." });
export type ApprovalResource = z.infer<typeof approvalSchema>;

export interface ApprovalRow {
  id: string;
  projectId: string;
  subjectType: string;
  subjectId: string;
  status: string;
  note: string;
  comment: string;
  requestedByName: string;
  requestedAt: number;
  decidedByName: string | null;
  decidedAt: number | null;
}

export function approvalResource(row: ApprovalRow): ApprovalResource {
  return {
    object: "approval",
    id: row.id,
    projectId: row.projectId,
    subject: { type: row.subjectType === "file" ? "file" : "milestone", id: row.subjectId },
    status: row.status as ApprovalResource["status"],
    note: row.note,
    comment: row.comment,
    requestedByName: row.requestedByName,
    requestedAt: iso(row.requestedAt),
    decidedByName: row.decidedByName,
    decidedAt: isoOrNull(row.decidedAt),
  };
}

export const projectFileSchema = z
  .object({
    object: z.literal("project_file"),
    id,
    projectId: id,
    name: z.string(),
    side: z.enum(["client", "staff"]).describe('"staff": a deliverable; "client": a brief or an asset.'),
    version: z.int().positive().describe("The current version's number."),
    size: z.int().nonnegative().describe("The current version's bytes."),
    contentType: z.string(),
    createdAt: instant,
    updatedAt: instant,
  })
  .register(apiRegistry, { id: "ProjectFile", description: "A file in a project's Files tab (its bytes are not in the API)." });
export type ProjectFileResource = z.infer<typeof projectFileSchema>;

export interface ProjectFileRow {
  id: string;
  projectId: string;
  name: string;
  side: string;
  currentVersion: number;
  createdAt: number;
  updatedAt: number;
}

export function projectFileResource(row: ProjectFileRow, current: { size: number; contentType: string }): ProjectFileResource {
  return {
    object: "project_file",
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    side: row.side === "client" ? "client" : "staff",
    version: row.currentVersion,
    size: current.size,
    contentType: current.contentType,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

const INVOICE_STATUSES = ["draft", "issued", "sent", "viewed", "partially-paid", "paid", "void"] as const;

export const invoiceSchema = z
  .object({
    object: z.literal("invoice"),
    id,
    kind: z.enum(["invoice", "credit-note"]),
    companyId: id,
    number: z.string().nullable().describe("Null while a draft."),
    status: z.enum(INVOICE_STATUSES),
    issueDate: calendarDate.nullable(),
    dueDate: calendarDate.nullable(),
    subtotal: money,
    discount: money,
    taxTotal: money,
    total: money,
    paid: money,
    credited: money,
    balance: money.describe("total − paid − credited."),
    issuedAt: nullableInstant,
    voidedAt: nullableInstant,
    createdAt: instant,
    updatedAt: instant,
  })
  .register(apiRegistry, { id: "Invoice", description: "An invoice or a credit note. Amounts in the currency's minor units." });
export type InvoiceResource = z.infer<typeof invoiceSchema>;

export interface InvoiceRow {
  id: string;
  kind: string;
  companyId: string;
  number: string | null;
  status: string;
  currency: string;
  issueDate: string | null;
  dueDate: string | null;
  subtotal: number;
  discount: number;
  taxTotal: number;
  total: number;
  paid: number;
  credited: number;
  issuedAt: number | null;
  voidedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export function invoiceResource(row: InvoiceRow): InvoiceResource {
  const amount = (value: number): Money => ({ amount: value, currency: row.currency });
  return {
    object: "invoice",
    id: row.id,
    kind: row.kind === "credit-note" ? "credit-note" : "invoice",
    companyId: row.companyId,
    number: row.number,
    status: row.status as InvoiceResource["status"],
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    subtotal: amount(row.subtotal),
    discount: amount(row.discount),
    taxTotal: amount(row.taxTotal),
    total: amount(row.total),
    paid: amount(row.paid),
    credited: amount(row.credited),
    balance: amount(row.total - row.paid - row.credited),
    issuedAt: isoOrNull(row.issuedAt),
    voidedAt: isoOrNull(row.voidedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
