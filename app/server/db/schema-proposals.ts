import type { Generated } from "kysely";

// The proposal tables (migration 2026-11-30T1000-proposals, decision 0093), part of `Database`.

export interface ProposalTables {
  proposals: ProposalTable;
  proposalVersions: ProposalVersionTable;
  proposalTemplates: ProposalTemplateTable;
  proposalLinks: ProposalLinkTable;
  proposalViews: ProposalViewTable;
  proposalSignatures: ProposalSignatureTable;
}

export interface ProposalTable {
  id: string;
  leadId: string | null;
  companyId: string | null;
  clientName: string;
  clientEmail: string;
  ownerId: string | null;
  /** draft | sent | viewed | accepted | declined */
  status: Generated<string>;
  /** JSON ProposalContent (lib/proposals.ts). */
  draft: string;
  sentVersion: Generated<number>;
  countersign: Generated<number>;
  version: Generated<number>;
  sentAt: number | null;
  firstViewedAt: number | null;
  acceptedAt: number | null;
  declinedAt: number | null;
  declineReason: string | null;
  projectId: string | null;
  invoiceId: string | null;
  signedPdfKey: Generated<string | null>;
  signedPdfSha256: Generated<string | null>;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface ProposalVersionTable {
  id: string;
  proposalId: string;
  number: number;
  /** JSON ProposalContent, frozen when sent. */
  content: string;
  contentSha256: string;
  sentBy: string | null;
  sentAt: number;
}

export interface ProposalTemplateTable {
  id: string;
  name: string;
  content: string;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface ProposalLinkTable {
  id: string;
  proposalId: string;
  email: string;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  openedAt: number | null;
  revokedAt: number | null;
}

export interface ProposalViewTable {
  proposalId: string;
  /** user:<id> or link:<email> */
  viewer: string;
  name: string;
  versionNumber: number;
  viewedAt: number;
}

export interface ProposalSignatureTable {
  id: string;
  proposalId: string;
  /** client | staff */
  role: string;
  versionNumber: number;
  signerName: string;
  signerEmail: string;
  userId: string | null;
  linkId: string | null;
  ip: string;
  userAgent: string;
  document: string;
  documentSha256: string;
  /** JSON array of the optional item ids chosen. */
  optionalIds: string;
  total: number;
  currency: string;
  drawnSignature: string | null;
  signedAt: number;
}
