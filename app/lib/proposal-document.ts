import type { TaxSummaryRow } from "./money";
import type { ProposalContent } from "./proposals";

// The signed proposal as the PDF shows it: the accepted version's content, the items chosen, the
// server's totals, and the signature trail for the certificate page. Built from the signature row
// (its canonical document is the source), so the PDF can be rendered again and say the same.

export interface SignedProposalDocument {
  proposalId: string;
  agencyName: string;
  clientName: string;
  version: number;
  content: ProposalContent;
  optionalIds: string[];
  taxSummary: TaxSummaryRow[];
  total: number;
  deposit: number;
  locale: string;
  signatures: {
    role: "client" | "staff";
    name: string;
    email: string;
    /** ISO 8601 in UTC: a certificate states the instant, not a zone's reading of it. */
    signedAt: string;
    ip: string;
    userAgent: string;
    documentSha256: string;
    drawn: boolean;
  }[];
}
