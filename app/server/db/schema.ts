import type { Generated } from "kysely";

// Column names are snake_case in the database; Kysely's CamelCasePlugin maps them to these names.
// Timestamps are epoch milliseconds (SPEC §9).

export interface QuoteTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  country: string;
  requirement: string;
  submittedAt: number;
  status: Generated<string>;
  /** Issue 16: the company this lead became ("Convert to client"). */
  companyId: Generated<string | null>;
}

interface JobOpeningTable {
  id: string;
  title: string;
  location: string;
  type: string;
  description: string;
  salary: string;
  /** JSON array of strings. */
  requirements: string;
  status: string;
  createdAt: number;
  updatedAt: number;
  validThrough: Generated<number | null>;
}

export interface JobApplicationTable {
  id: string;
  name: string;
  email: string;
  message: string;
  /** Storage key of the resume, or "" when none was sent. */
  resume: string;
  resumeName: string;
  resumeType: string;
  resumeSize: number;
  jobId: string;
  submittedAt: number;
  appliedBy: string | null;
  stage: Generated<string>;
}

interface TestimonialTable {
  id: string;
  review: string;
  name: string;
  category: string;
  status: string;
  sortOrder: number;
  createdAt: number;
  updatedAt: number;
}

export interface MailOutboxTable {
  id: string;
  idempotencyKey: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  status: string;
  attempts: number;
  nextAttemptAt: number;
  lockedUntil: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

interface RateLimitTable {
  key: string;
  windowStart: number;
  count: number;
}

interface AuditLogTable {
  id: string;
  actorId: string;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string;
  /** JSON object: what changed (e.g. {"from":"new","to":"won"}). */
  detail: string;
  createdAt: number;
}

interface RecordNoteTable {
  id: string;
  entity: string;
  entityId: string;
  authorId: string;
  authorName: string;
  text: string;
  createdAt: number;
}

export interface ProjectProgressTable {
  id: string;
  projectId: string;
  progress: number;
  note: string;
  changedByName: string;
  changedAt: number;
}

export interface StaffInvitationTable {
  id: string;
  email: string;
  name: string;
  staffRole: string;
  tokenHash: string;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
  acceptedAt: number | null;
  revokedAt: number | null;
}

/** Issue 16: a client company; members are users with its company_id. */
export interface CompanyTable {
  id: string;
  name: string;
  website: Generated<string>;
  country: Generated<string>;
  /** "self" (registered at /login) or "staff" (console, or a won lead). */
  origin: Generated<string>;
  createdAt: number;
  updatedAt: number;
  closedAt: Generated<number | null>;
}

export interface ClientInvitationTable {
  id: string;
  companyId: string;
  email: string;
  name: string;
  clientAdmin: boolean | number;
  tokenHash: string;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
  acceptedAt: number | null;
  revokedAt: number | null;
}

/** Operator switches (console Settings): key → value, with who changed it last. */
export interface AppSettingTable {
  key: string;
  value: string;
  updatedAt: number;
  updatedBy: string | null;
}

export interface Database {
  companies: CompanyTable;
  clientInvitations: ClientInvitationTable;
  appSettings: AppSettingTable;
  staffInvitations: StaffInvitationTable;
  auditLog: AuditLogTable;
  recordNotes: RecordNoteTable;
  projectProgress: ProjectProgressTable;
  users: UserTable;
  sessions: SessionTable;
  twoFactors: TwoFactorTable;
  passkeys: PasskeyTable;
  profiles: ProfileTable;
  projects: ProjectTable;
  complaints: ComplaintTable;
  complaintReplies: ComplaintReplyTable;
  quotes: QuoteTable;
  jobOpenings: JobOpeningTable;
  jobApplications: JobApplicationTable;
  testimonials: TestimonialTable;
  mailOutbox: MailOutboxTable;
  rateLimits: RateLimitTable;
}

// Better Auth's tables: read through its API; typed here for our own joins and purges.
interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  role: string;
  /** Set by Better Auth's twoFactor plugin once a TOTP enrolment is confirmed (issue 15). */
  twoFactorEnabled: Generated<boolean | number>;
  /** Issue 15: admin | sales | recruiter | delivery for staff (app/lib/staff-roles.ts), else null. */
  staffRole: Generated<string | null>;
  /** When an admin disabled this staff member (epoch ms); null while active. */
  staffDisabledAt: Generated<number | null>;
  /** Issue 16: the client's company (null for staff). */
  companyId: Generated<string | null>;
  /** Issue 16: may invite and remove teammates from the portal; staff switch it per member. */
  clientAdmin: Generated<boolean | number>;
  /** Epoch ms of the last session opened (shown on the company page). */
  lastSignInAt: Generated<number | null>;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** The twoFactor plugin's row: encrypted TOTP secret and recovery codes (decision 0029). */
interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: Generated<boolean | number>;
  failedVerificationCount: Generated<number>;
  lockedUntil: Date | string | null;
}

interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** Opened by a passkey sign-in (issue 15, decision 0030); ours, Better Auth leaves it alone. */
  passkeySignIn: Generated<boolean | number>;
  /** Opened by Google for an account with two-factor on, code not yet given (decision 0029). */
  secondFactorPending: boolean | number | null;
}

interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialId: string;
  counter: number;
  deviceType: string;
  backedUp: boolean | number;
  transports: string | null;
  createdAt: Date | string | null;
  aaguid: string | null;
}

export interface ProfileTable {
  userId: string;
  fullName: string;
  phone: string;
  company: string;
  country: string;
  email: string;
  updatedAt: number;
}

/** Issue 16: a project belongs to a company; every member sees it. */
export interface ProjectTable {
  id: string;
  /** Null only in rows older than the companies migration that had no owner left. */
  companyId: string | null;
  /** The client member who created it from the portal; null when staff did, or they have gone. */
  createdBy: string | null;
  /** The staff member who runs it (issue 16); null until one is chosen. */
  ownerId: Generated<string | null>;
  title: string;
  description: string;
  progress: number;
  /** planned | in_progress | on_hold | done (app/lib/schemas/projects-staff.ts). */
  status: Generated<string>;
  /** Calendar dates, YYYY-MM-DD. */
  startDate: Generated<string | null>;
  dueDate: Generated<string | null>;
  /** Archived projects leave the portal and the console lists until restored. */
  archivedAt: Generated<number | null>;
  createdAt: number;
  updatedAt: number;
}

export interface ComplaintTable {
  id: string;
  companyId: string | null;
  /** The member who raised it; null when they have left. */
  createdBy: string | null;
  subject: string;
  message: string;
  status: string;
  createdAt: number;
  updatedAt: number;
}

interface ComplaintReplyTable {
  id: string;
  complaintId: string;
  sender: string;
  senderName: string;
  text: string;
  timestamp: number;
}
