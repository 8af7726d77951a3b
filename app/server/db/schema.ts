import type { Generated } from "kysely";
import type { StoredFileColumns } from "~/lib/attachments";
import type { NotificationView } from "~/lib/notification-types";
import type { ProposalTables } from "./schema-proposals";

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
  /** The company this lead became ("Convert to client"). */
  companyId: Generated<string | null>;
  /** When the status last changed (the retention clock of a lost lead). */
  statusChangedAt: Generated<number | null>;
  /** The consent text's version (app/lib/privacy-consent.ts) and when; null on older rows. */
  consentVersion: Generated<string | null>;
  consentedAt: Generated<number | null>;
  /** The privacy policy version (site item "privacy") published when consent was given. */
  privacyVersion: Generated<number | null>;
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
  /** When the stage last changed (the retention clock of a rejected application). */
  stageChangedAt: Generated<number | null>;
  /** The consent text's version (app/lib/privacy-consent.ts) and when; null on older rows. */
  consentVersion: Generated<string | null>;
  consentedAt: Generated<number | null>;
  /** The privacy policy version (site item "privacy") published when consent was given. */
  privacyVersion: Generated<number | null>;
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
  /** JSON object of extra headers (List-Unsubscribe…), or null. */
  headers: Generated<string | null>;
  /** A notification mail's recipient and notification (digest bookkeeping). */
  userId: Generated<string | null>;
  notificationId: Generated<string | null>;
  /** The digest that folded this held row in. */
  digestKey: Generated<string | null>;
  /** JSON array of { key, filename, contentType }: files in the file store sent with the mail. */
  attachments: Generated<string | null>;
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

/** A client company; members are users with its company_id. */
export interface CompanyTable {
  id: string;
  name: string;
  website: Generated<string>;
  country: Generated<string>;
  /** "self" (registered at /login) or "staff" (console, or a won lead). */
  origin: Generated<string>;
  /** "fallback" while a self-registered company bears its founder's name (decision 0075), else "given". */
  nameOrigin: Generated<string>;
  createdAt: number;
  updatedAt: number;
  closedAt: Generated<number | null>;
  /** 1: members may decide approvals from the request mail's links (decision 0099); 0 for sensitive companies. */
  mailDecisions: Generated<number>;
}

/** A staff member assigned to a company (decision 0105); `manager` 1: its account manager (one per company). */
export interface CompanyTeamTable {
  companyId: string;
  userId: string;
  manager: Generated<number>;
  addedAt: number;
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

/** One piece of the public site's content (console → Site); columns hold the published values. */
export interface SiteItemTable {
  id: string;
  type: string;
  slug: string | null;
  sortOrder: number;
  visible: number;
  publishedVersionId: string | null;
  draftData: string;
  lockVersion: number;
  origin: string;
  createdAt: number;
  updatedAt: number;
  updatedBy: string | null;
}

/** Every saved draft of an item, numbered; `publishedAt` set on the ones that went public. */
export interface SiteVersionTable {
  id: string;
  itemId: string;
  number: number;
  data: string;
  restoredFrom: number | null;
  createdBy: string | null;
  createdAt: number;
  publishedAt: number | null;
}

/** An old slug ("services/old-slug") still answering with a redirect to its item's page. */
export interface SiteRedirectTable {
  fromKey: string;
  itemId: string;
  createdAt: number;
}

export interface Database extends ProposalTables {
  siteItems: SiteItemTable;
  siteVersions: SiteVersionTable;
  siteRedirects: SiteRedirectTable;
  notifications: NotificationTable;
  notificationReadMarks: NotificationReadMarkTable;
  notificationPreferences: NotificationPreferenceTable;
  digestSchedules: DigestScheduleTable;
  complaintNotes: ComplaintNoteTable;
  savedReplies: SavedReplyTable;
  milestones: MilestoneTable;
  approvals: ApprovalTable;
  approvalMailLinks: ApprovalMailLinkTable;
  projectFiles: ProjectFileTable;
  fileVersions: FileVersionTable;
  attachments: AttachmentTable;
  projectActivity: ProjectActivityTable;
  seenMarkers: SeenMarkerTable;
  companies: CompanyTable;
  companyTeam: CompanyTeamTable;
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
  leases: LeaseTable;
  retentionRuns: RetentionRunTable;
  images: ImageTable;
  invoices: InvoiceTable;
  invoiceLines: InvoiceLineTable;
  invoiceNumberCounters: InvoiceNumberCounterTable;
  invoicePayments: InvoicePaymentTable;
  invoiceCheckouts: InvoiceCheckoutTable;
  invoiceCardAdjustments: InvoiceCardAdjustmentTable;
  stripeEvents: StripeEventTable;
  inboundMessages: InboundMessageTable;
  mailThreads: MailThreadTable;
  projectMailThreads: ProjectMailThreadTable;
  apiTokens: ApiTokenTable;
  recurringInvoices: RecurringInvoiceTable;
  calendarFeeds: CalendarFeedTable;
  webhookEndpoints: WebhookEndpointTable;
  webhookEvents: WebhookEventTable;
  webhookDeliveries: WebhookDeliveryTable;
}

/** A person's private calendar address (its token is an HMAC of id and nonce, never stored). */
export interface CalendarFeedTable {
  id: string;
  userId: string;
  nonce: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A retainer: an invoice written from `template` every month or quarter (models/billing/recurring-invoices.server.ts). */
export interface RecurringInvoiceTable {
  id: string;
  companyId: string;
  /** JSON of an InvoiceDraftInput. */
  template: string;
  /** monthly | quarterly */
  interval: string;
  nextRunOn: string;
  autoIssue: number;
  active: Generated<number>;
  lastInvoiceId: string | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A Stripe webhook event acted on once (models/billing/stripe-events.server.ts, decision 0084). */
export interface StripeEventTable {
  id: string;
  type: string;
  receivedAt: number;
  processedAt: number | null;
  outcome: string | null;
}

/** An uploaded image (server/images/); its variants are files under `images/<id>/`. */
export interface ImageTable {
  id: string;
  kind: string;
  alt: string;
  width: number;
  height: number;
  originalType: string;
  originalSize: number;
  createdBy: string | null;
  createdAt: number;
}

/** A job that runs on one instance at a time (db/leases.server.ts). */
/** One row per retention run; unfinished = under way or cut short. */
export interface RetentionRunTable {
  id: string;
  trigger: string;
  actorId: string | null;
  startedAt: number;
  finishedAt: number | null;
  leads: Generated<number>;
  applications: Generated<number>;
  companies: Generated<number>;
  files: Generated<number>;
  /** Inbound mails whose originals were removed. */
  inboundMails: Generated<number>;
}

export interface LeaseTable {
  name: string;
  holder: string;
  expiresAt: number;
  lastSlot: number | null;
}

// Better Auth's tables: read through its API; typed here for our own joins and purges.
interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  role: string;
  /** Set by Better Auth's twoFactor plugin once a TOTP enrolment is confirmed. */
  twoFactorEnabled: Generated<boolean | number>;
  /** Admin | sales | recruiter | delivery | finance for staff (app/lib/staff-roles.ts), else null. */
  staffRole: Generated<string | null>;
  /** When an admin disabled this staff member (epoch ms); null while active. */
  staffDisabledAt: Generated<number | null>;
  /** 1: this staff member sees only the companies they are assigned to (decision 0105). */
  assignedOnly: Generated<number>;
  /** The client's company (null for staff). */
  companyId: Generated<string | null>;
  /** May invite and remove teammates from the portal; staff switch it per member. */
  clientAdmin: Generated<boolean | number>;
  /** Epoch ms of the last session opened (shown on the company page). */
  lastSignInAt: Generated<number | null>;
  /** Their own time zone (IANA or "UTC"); null: not known yet, the agency's is used. */
  timeZone: Generated<string | null>;
  /** Gets the company's invoices by mail; null: as `clientAdmin` says (models/billing/billing-contacts). */
  receivesInvoices: Generated<boolean | number | null>;
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
  /** The newest TOTP time-step accepted for the account (decision 0053): older or equal is a replay. */
  lastTotpStep: number | null;
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
  /** Opened by a passkey sign-in (decision 0030); ours, Better Auth leaves it alone. */
  passkeySignIn: Generated<boolean | number>;
  /** Opened by Google for an account with two-factor on, code not yet given (decision 0029). */
  secondFactorPending: boolean | number | null;
  /** Epoch ms of the session's last password, TOTP or recovery-code confirmation (decision 0053). */
  confirmedAt: number | null;
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

/** A project belongs to a company; every member sees it. */
export interface ProjectTable {
  id: string;
  /** Null only in rows older than the companies migration that had no owner left. */
  companyId: string | null;
  /** The client member who created it from the portal; null when staff did, or they have gone. */
  createdBy: string | null;
  /** The staff member who runs it; null until one is chosen. */
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
  /** "manual" (staff set it) or "milestones" (the share of milestones Done). */
  progressMode: Generated<string>;
  /** Whether the company's members may upload to the Files tab. */
  clientUploads: Generated<boolean | number>;
  createdAt: number;
  updatedAt: number;
}

/** A step of a project, in `position` order. */
export interface MilestoneTable {
  id: string;
  projectId: string;
  title: string;
  description: Generated<string>;
  /** YYYY-MM-DD. */
  dueDate: string | null;
  /** planned | in_progress | waiting | done (app/lib/milestones.ts). */
  status: Generated<string>;
  position: number;
  createdAt: number;
  updatedAt: number;
  completedAt: number | null;
}

/** A request for the client's sign-off on a milestone or a file; final once decided. */
export interface ApprovalTable {
  id: string;
  projectId: string;
  /** milestone | file */
  subjectType: string;
  subjectId: string;
  requestedBy: string | null;
  requestedByName: string;
  requestedAt: number;
  note: Generated<string>;
  /** pending | approved | changes_requested | withdrawn */
  status: Generated<string>;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: number | null;
  /** The member's comment; required when changes are requested. */
  comment: Generated<string>;
}

/** An approval request mail's link for one member: single use, expiring, stored as a hash. */
export interface ApprovalMailLinkTable {
  id: string;
  approvalId: string;
  userId: string;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** A named file in a project's Files tab; its bytes are in `file_versions`. */
export interface ProjectFileTable {
  id: string;
  projectId: string;
  name: string;
  /** Lower-cased name: uploading the same name again (any case) adds a version. */
  nameKey: string;
  /** "staff" (a deliverable) or "client" (a brief or an asset). */
  side: string;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
  currentVersion: Generated<number>;
}

/** The stored bytes of an upload and who sent them: a project file's version and an attachment alike. */
interface StoredUploadColumns extends StoredFileColumns {
  uploadedBy: string | null;
  uploadedByName: string;
  side: string;
  createdAt: number;
}

export interface FileVersionTable extends StoredUploadColumns {
  id: string;
  fileId: string;
  projectId: string;
  version: number;
}

/** A file on a support request (reply_id null) or on one of its replies. */
export interface AttachmentTable extends StoredUploadColumns {
  id: string;
  complaintId: string;
  replyId: string | null;
  name: string;
}

/** The project's timeline, written in the same transaction as the change. */
export interface ProjectActivityTable {
  id: string;
  projectId: string;
  at: number;
  actorId: string | null;
  actorName: string;
  /** staff | client | system */
  actorSide: string;
  /** app/lib/project-activity.ts */
  kind: string;
  subjectType: string | null;
  subjectId: string | null;
  summary: string;
}

/** When a person last saw something ("portal", "complaint:{id}"). */
export interface SeenMarkerTable {
  userId: string;
  subject: string;
  seenAt: number;
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
  /** The staff member who owns it; null while unassigned. */
  assigneeId: Generated<string | null>;
  /** low | normal | high | urgent */
  priority: Generated<string>;
  /** The client's oldest unanswered message (epoch ms); null when staff spoke last. */
  waitingSince: Generated<number | null>;
  /** When its client closed it; they may reopen it within 30 days. */
  closedAt: Generated<number | null>;
  /** "portal" or "email": how it was raised (decision 0096). */
  channel: Generated<string>;
}

/** One inbound mail, stored before it is processed (decision 0096). */
export interface InboundMessageTable {
  id: string;
  receivedAt: number;
  rawKey: string;
  sha256: string;
  size: number;
  messageId: string | null;
  dedupeKey: string;
  fromAddress: string | null;
  subject: string | null;
  status: InboundStatus;
  reason: string | null;
  attempts: Generated<number>;
  nextAttemptAt: number;
  lockedUntil: Generated<number>;
  routedKind: string | null;
  routedId: string | null;
  complaintId: string | null;
  /** Decision 0101: the project a reply became a comment on. */
  projectId: Generated<string | null>;
  authResults: string | null;
  refusedFiles: string | null;
  processedAt: number | null;
  updatedAt: number;
  /** When retention removed the original (raw bytes, sender, subject); the row stays for replays. */
  purgedAt: Generated<number | null>;
}

export type InboundStatus = "stored" | "routed" | "held" | "ignored" | "failed";

/** An outgoing mail a reply may answer: its Message-ID's hash, the request and recipient. */
export interface MailThreadTable {
  messageHash: string;
  complaintId: string;
  userId: string;
  createdAt: number;
}

/** Decision 0101: an outgoing project or approval mail a reply may answer (as MailThreadTable for requests). */
export interface ProjectMailThreadTable {
  messageHash: string;
  projectId: string;
  userId: string;
  createdAt: number;
}

/** Staff-only notes on a support request; never shown to its client. */
export interface ComplaintNoteTable {
  id: string;
  complaintId: string;
  authorId: string | null;
  authorName: string;
  text: string;
  createdAt: number;
}

/** A reply staff insert into a support request, placeholders filled (decision 0044). */
export interface SavedReplyTable {
  id: string;
  title: string;
  body: string;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

interface ComplaintReplyTable {
  id: string;
  complaintId: string;
  sender: string;
  /** Who wrote it while they have an account; `senderName` is the name stored for after (decision 0075). */
  senderId: Generated<string | null>;
  senderName: string;
  text: string;
  timestamp: number;
  /** "portal" or "email" (decision 0096). */
  channel: Generated<string>;
}

/** What one person hears about one event (models/notifications/notifications.server.ts). */
/** Decision 0041: everything of the person created at or before `readBefore` is read. */
export interface NotificationReadMarkTable {
  userId: string;
  readBefore: number;
}

export interface NotificationTable extends Omit<NotificationView, "type"> {
  userId: string;
  /** app/lib/notification-types.ts */
  type: string;
  eventKey: string;
  /** The company the event is about, if any: a limited staff member sees only their companies' (decision 0105). */
  companyId: Generated<string | null>;
}

/** A person's choice for one notification type; no row means the default. */
export interface NotificationPreferenceTable {
  userId: string;
  type: string;
  /** immediately | digest | off (app/lib/mail-preferences.ts) */
  choice: string;
  updatedAt: number;
}

/** When a person's daily digest goes (an hour in their time zone). */
export interface DigestScheduleTable {
  userId: string;
  hour: number;
  timeZone: string;
  updatedAt: number;
}

/** An invoice or credit note (models/billing/, decisions 0081 and 0082). Amounts in minor units. */
export interface InvoiceTable {
  id: string;
  /** invoice | credit-note */
  kind: string;
  companyId: string;
  /** draft | issued | sent | viewed | partially-paid | paid | void; "overdue" is derived. */
  status: string;
  number: string | null;
  currency: string;
  issueDate: string | null;
  dueDate: string | null;
  netDays: number;
  discountBp: number;
  notes: string;
  terms: string;
  taxNote: string | null;
  clientTaxId: string;
  billingName: string;
  billingAddress: string;
  billingEmail: string;
  /** JSON of the agency's party and bank details at issue. */
  agencySnapshot: string | null;
  subtotal: number;
  discount: number;
  taxTotal: number;
  total: number;
  paid: number;
  credited: number;
  correctsInvoiceId: string | null;
  voidReason: string | null;
  voidedAt: number | null;
  voidedBy: string | null;
  issuedAt: number | null;
  issuedBy: string | null;
  sentAt: number | null;
  viewedAt: number | null;
  pdfFileKey: string | null;
  pdfSha256: string | null;
  version: number;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface InvoiceLineTable {
  id: string;
  invoiceId: string;
  position: number;
  description: string;
  quantityMilli: number;
  unitPrice: number;
  taxRateBp: number;
  net: number;
  tax: number;
  projectId: string | null;
  milestoneId: string | null;
  correctsLineId: string | null;
}

/** The next number of a series ("invoice:INV-2026-{n}"), decision 0082. */
export interface InvoiceNumberCounterTable {
  series: string;
  nextValue: number;
}

export interface InvoicePaymentTable {
  id: string;
  invoiceId: string;
  amount: number;
  currency: string;
  /** bank-transfer | cash | other | card */
  method: string;
  paidOn: string;
  reference: string;
  stripePaymentIntentId: string | null;
  stripeEventId: string | null;
  refunded: number;
  /** What disputes this payment lost (decision 0090). */
  disputeLost: Generated<number>;
  /** The latest dispute's Stripe status, or null when never disputed. */
  disputeStatus: string | null;
  recordedBy: string | null;
  createdAt: number;
}

/** A Checkout session Pay opened (decision 0090). */
export interface InvoiceCheckoutTable {
  id: string;
  invoiceId: string;
  amount: number;
  currency: string;
  attempt: string;
  /** open | expired | complete */
  status: string;
  createdAt: number;
  updatedAt: number;
}

/** What reverses part of a card payment, keyed by Stripe's id (decision 0090). */
export interface InvoiceCardAdjustmentTable {
  id: string;
  paymentId: string;
  /** refund | refund-failed | dispute */
  kind: string;
  amount: number;
  status: string;
  reason: Generated<string>;
  createdAt: number;
  updatedAt: number;
}

/** Where events go: a signed webhook, or a chat channel's incoming webhook (decision 0103). */
export interface WebhookEndpointTable {
  id: string;
  /** webhook | chat */
  kind: string;
  /** A chat endpoint's alert kind; null for a webhook. */
  chatAlert: string | null;
  url: string;
  description: string;
  /** JSON array of event types. */
  events: string;
  /** whsec_…: the Standard Webhooks signing secret. */
  secret: string;
  enabled: boolean | number;
  disabledReason: string | null;
  /** The first failed attempt since the last success; null while it answers. */
  failingSince: number | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** One change reported, written in the change's own transaction; `payload` is the body as signed. */
export interface WebhookEventTable {
  id: string;
  type: string;
  payload: string;
  createdAt: number;
}

/** One event to one endpoint: claimed by a worker, retried with backoff for a day. */
export interface WebhookDeliveryTable {
  id: string;
  eventId: string;
  endpointId: string;
  /** pending | delivered | failed | cancelled */
  status: string;
  attempts: Generated<number>;
  nextAttemptAt: number;
  lockedUntil: Generated<number>;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number | null;
  lastError: string | null;
  /** The first attempt's time: see the disable rule in webhooks/worker.server.ts. */
  firstAttemptAt: number | null;
  createdAt: number;
  updatedAt: number;
  deliveredAt: number | null;
}

/** An API token (decision 0104): only its SHA-256 is stored. */
export interface ApiTokenTable {
  id: string;
  name: string;
  tokenHash: string;
  /** "ak_" and a few characters of the secret, to tell tokens apart. */
  tokenStart: string;
  /** JSON array of scopes (app/lib/api/scopes.ts). */
  scopes: string;
  createdBy: string | null;
  createdByName: string;
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}
