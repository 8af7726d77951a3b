import { isRefusal } from "~/lib/refusal";
import { attachmentResponse } from "~/server/http/attachment.server";
import { refusalResponse } from "~/server/http/refusal.server";
import { grantedLinkId } from "~/server/http/proposal-grant-cookie.server";
import type { ProposalAccess } from "~/server/models/proposals/proposal-client.server";
import { activeGrant } from "~/server/models/proposals/proposal-links.server";
import { signedProposalPdf } from "~/server/models/proposals/proposal-signed.server";

/**
 * A lead's access to one proposal: the link's grant named by the signed cookie the link set. No
 * grant (another proposal's, a forged or expired cookie, a withdrawn link) is a 404, as for a
 * proposal that does not exist.
 */
export async function requireProposalGrant(request: Request, proposalId: string): Promise<ProposalAccess> {
  const linkId = grantedLinkId(request, proposalId);
  const grant = linkId ? await activeGrant(linkId) : null;
  if (!grant || grant.proposalId !== proposalId) throw new Response("Not found", { status: 404, statusText: "Not found" });
  return { kind: "link", grant };
}

/**
 * The signed PDF as a download, once somebody has signed (the caller has checked who may read the
 * proposal): the filed bytes, the same every time, or rendered now if it is not filed yet.
 */
export async function signedProposalPdfResponse(proposalId: string): Promise<Response> {
  try {
    const { bytes, filename } = await signedProposalPdf(proposalId);
    return attachmentResponse(new Uint8Array(bytes), { filename, contentType: "application/pdf" });
  } catch (error) {
    if (isRefusal(error)) throw refusalResponse(error, "Not found");
    throw error;
  }
}
