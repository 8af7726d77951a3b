import type { Totals } from "./money";
import type { ProposalContent } from "./proposals";

/** What a client's proposal page shows (routes/+shared/proposal-page.server.ts builds it). */
export interface ProposalPageData {
  proposal: {
    id: string;
    status: string;
    expired: boolean;
    clientName: string;
    version: number;
    content: ProposalContent;
    acceptedAt: number | null;
    declinedAt: number | null;
  };
  /** Each section's Markdown as sanitised HTML, in order. */
  sectionsHtml: string[];
  termsHtml: string;
  /** The optional items chosen for the totals shown (the URL's choice, or the defaults). */
  optionalIds: string[];
  totals: Totals;
  locale: string;
  /** A member in the portal, or a lead through a link. */
  reader: "member" | "link";
  outcome: {
    documentSha256: string | null;
    signerName: string | null;
    signedAt: number | null;
    projectId: string | null;
    invoiceId: string | null;
    declineReason: string | null;
    awaitingCountersign: boolean;
  } | null;
}
