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
}

export interface JobOpeningTable {
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

export interface TestimonialTable {
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

export interface RateLimitTable {
  key: string;
  windowStart: number;
  count: number;
}

export interface Database {
  quotes: QuoteTable;
  jobOpenings: JobOpeningTable;
  jobApplications: JobApplicationTable;
  testimonials: TestimonialTable;
  mailOutbox: MailOutboxTable;
  rateLimits: RateLimitTable;
}
