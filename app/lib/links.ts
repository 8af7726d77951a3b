import { href } from "react-router";
import type { Side } from "./side";

/**
 * Where each page of the portal and the console lives, by what it shows rather than by its path.
 * Models (notification links), mails (through the server's `absoluteUrl`) and components build
 * their links here, so a renamed route breaks the type check instead of a link in someone's inbox.
 *
 * Every builder goes through React Router's typed `href`, which checks the path against the route
 * table but leaves parameters as given: ids are URI-encoded here, once. Fragments (`#complaint-…`)
 * keep the raw id because they name an element's id on the page.
 *
 * Not for public pages: calling `href` there would add a React Router chunk to the home page's
 * JavaScript budget (see `paths.ts`).
 */

const enc = encodeURIComponent;

/** A side's home: the portal's Profile or the console's Overview. */
export function dashboardLink(side: Side): string {
  return side === "client" ? href("/user-dashboard") : href("/employee-dashboard");
}

/** The list of projects: the client's "My Projects" or the console's Projects. */
export function projectsLink(side: Side): string {
  return side === "client" ? href("/user-dashboard/projects") : href("/employee-dashboard/projects");
}

/** A project's workspace tabs both sides have. */
export type ProjectTab = "files" | "activity";
/** The console also has a Milestones tab; the portal shows milestones on the project's overview. */
export type StaffProjectTab = ProjectTab | "milestones";

/** A project's workspace on one side: its first tab (Overview / Details), or `tab`. */
export function projectLink(side: "staff", projectId: string, tab?: StaffProjectTab): string;
export function projectLink(side: Side, projectId: string, tab?: ProjectTab): string;
export function projectLink(side: Side, projectId: string, tab?: StaffProjectTab): string {
  const id = enc(projectId);
  if (side === "client") {
    switch (tab) {
      case "files":
        return href("/user-dashboard/projects/:id/files", { id });
      case "activity":
        return href("/user-dashboard/projects/:id/activity", { id });
      default:
        return href("/user-dashboard/projects/:id", { id });
    }
  }
  switch (tab) {
    case "files":
      return href("/employee-dashboard/projects/:id/files", { id });
    case "activity":
      return href("/employee-dashboard/projects/:id/activity", { id });
    case "milestones":
      return href("/employee-dashboard/projects/:id/milestones", { id });
    default:
      return href("/employee-dashboard/projects/:id", { id });
  }
}

/** The support page: the portal's Support panel or the console's request list. */
export function supportLink(side: Side): string {
  return side === "client" ? href("/user-dashboard/support") : href("/employee-dashboard/support");
}

/** A Files tab's query naming a file: the tab opens on the page that holds it. */
export const FILE_PARAM = "file";

/** A file on its project's Files tab, on the page that holds it. */
export function projectFileLink(side: Side, projectId: string, fileId: string): string {
  return `${projectLink(side, projectId, "files")}?${FILE_PARAM}=${enc(fileId)}#file-${fileId}`;
}

/** The portal Support panel's query naming a request: the panel opens on the page that holds it. */
export const SUPPORT_REQUEST_PARAM = "request";

/** The portal Support panel's query opening one request's whole thread (the others show their latest replies). */
export const SUPPORT_THREAD_PARAM = "thread";

/** A request's whole thread on the portal's Support panel, on the page that holds it. */
export function portalSupportThread(complaintId: string): string {
  const id = enc(complaintId);
  return `${href("/user-dashboard/support")}?${SUPPORT_REQUEST_PARAM}=${id}&${SUPPORT_THREAD_PARAM}=${id}#complaint-${complaintId}`;
}

/** Where a portal form about one request posts: the panel answers with the page that holds it. */
export function portalSupportAction(complaintId: string): string {
  return `${href("/user-dashboard/support")}?${SUPPORT_REQUEST_PARAM}=${enc(complaintId)}`;
}

/** A support request: the console's page of it, or the portal's Support panel at its card. */
export function complaintLink(side: Side, complaintId: string): string {
  return side === "client"
    ? `${href("/user-dashboard/support")}?${SUPPORT_REQUEST_PARAM}=${enc(complaintId)}#complaint-${complaintId}`
    : href("/employee-dashboard/support/:id", { id: enc(complaintId) });
}

/** The full list of a person's notifications. */
export function notificationsLink(side: Side): string {
  return side === "client" ? href("/user-dashboard/notifications") : href("/employee-dashboard/notifications");
}

/** Which e-mails a person gets, and when. */
export function preferencesLink(side: Side): string {
  return side === "client" ? href("/user-dashboard/notifications/preferences") : href("/employee-dashboard/notifications/preferences");
}

/** Where a person manages their own sign-in (sessions, passkeys): portal Settings or console My account. */
export function accountLink(side: Side): string {
  return side === "client" ? href("/user-dashboard/settings") : href("/employee-dashboard/account");
}

/** The client company's members and invitations, as its admins see them. */
export function teamLink(): string {
  return href("/user-dashboard/team");
}

/** An approval request mail's one-click page for one member (decision 0099); it asks before acting. */
export function approvalMailLink(approvalId: string, token: string, decision: "approve" | "changes"): string {
  return `${href("/approval/:id/:token", { id: enc(approvalId), token: enc(token) })}?decision=${decision}`;
}

/** A client company's page in the console. */
export function companyLink(companyId: string): string {
  return href("/employee-dashboard/clients/:id", { id: enc(companyId) });
}

export function leadLink(leadId: string): string {
  return href("/employee-dashboard/leads/:id", { id: enc(leadId) });
}

export function applicationLink(applicationId: string): string {
  return href("/employee-dashboard/applications/:id", { id: enc(applicationId) });
}

export function openingLink(openingId: string): string {
  return href("/employee-dashboard/openings/:id", { id: enc(openingId) });
}

export function testimonialLink(testimonialId: string): string {
  return href("/employee-dashboard/testimonials/:id", { id: enc(testimonialId) });
}

/** The portal's Billing: the company's invoices and balance due. */
export function billingLink(): string {
  return href("/user-dashboard/billing");
}

/** One invoice in the portal's Billing. */
export function portalInvoiceLink(invoiceId: string): string {
  return href("/user-dashboard/billing/:id", { id: enc(invoiceId) });
}

/** The PDF stored at issue, as a download. */
export function portalInvoicePdfLink(invoiceId: string): string {
  return href("/user-dashboard/billing/:id/pdf", { id: enc(invoiceId) });
}

/** One invoice in the console's Billing. */
export function consoleInvoiceLink(invoiceId: string): string {
  return href("/employee-dashboard/billing/:id", { id: enc(invoiceId) });
}

/** One proposal in the console. */
export function consoleProposalLink(proposalId: string): string {
  return href("/employee-dashboard/proposals/:id", { id: enc(proposalId) });
}

/** A signed proposal's PDF, with its certificate page: from the console or the portal (a lead gets it by mail). */
export function signedProposalPdfLink(side: Side, proposalId: string): string {
  const id = enc(proposalId);
  if (side === "staff") return href("/employee-dashboard/proposals/:id/pdf", { id });
  return href("/user-dashboard/proposals/:id/pdf", { id });
}

/** The console's Webhooks page (Settings), or one endpoint's page with its delivery log. */
export function webhooksLink(endpointId?: string): string {
  return endpointId === undefined
    ? href("/employee-dashboard/settings/webhooks")
    : href("/employee-dashboard/settings/webhooks/:id", { id: enc(endpointId) });
}
