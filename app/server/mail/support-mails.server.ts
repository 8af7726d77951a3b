import { formatDate } from "~/lib/dates";
import { DEFAULT_PLACE, type Zoned } from "~/lib/place";
import { composeMail, type MailBrand, type MailContent } from "./templates.server";

// To the client's own account e-mail. The staff reply and name are ours; the client's subject and
// message are not repeated (docs/security.md "Public forms": no unverified free text in mail).

/** A staff member answered one of the client's support requests. */
export function staffReplyMail(
  reply: { staffName: string; text: string; raisedAt: number; portalUrl: string },
  brand: MailBrand,
  zoned: Zoned = DEFAULT_PLACE,
): MailContent {
  return composeMail(
    {
      subject: `New reply to your support request - ${brand.name}`,
      heading: "We replied to your support request",
      blocks: [
        `${reply.staffName} from ${brand.name} replied to your support request raised on ${formatDate(reply.raisedAt, zoned)}.`,
        { fields: [["Reply", reply.text]] },
        { action: { label: "View your request", url: reply.portalUrl } },
        { note: "You can answer from the Support section of your dashboard." },
      ],
    },
    brand,
  );
}

/** Staff resolved or reopened one of the client's support requests. */
export function complaintStatusMail(
  change: { status: string; raisedAt: number; portalUrl: string },
  brand: MailBrand,
  zoned: Zoned = DEFAULT_PLACE,
): MailContent {
  const resolved = change.status === "Resolved";
  return composeMail(
    {
      subject: `Your support request is ${resolved ? "resolved" : "open again"} - ${brand.name}`,
      heading: resolved ? "Your support request is resolved" : "Your support request is open again",
      blocks: [
        `Your support request raised on ${formatDate(change.raisedAt, zoned)} is now marked ${change.status}.`,
        resolved
          ? "If something is still not right, reply from your dashboard and we will pick it up again."
          : "We are looking into it again and will reply in your dashboard.",
        { action: { label: "View your request", url: change.portalUrl } },
      ],
    },
    brand,
  );
}

// To staff: the assignee, or everyone on the support desk while nobody is. Staff read
// the client's words anyway, so the subject and message are quoted, as the lead notices do.

/** A client raised a new support request. */
export function newRequestMail(
  request: {
    subject: string;
    message: string;
    clientName: string;
    company: string;
    consoleUrl: string;
  },
  brand: MailBrand,
): MailContent {
  return composeMail(
    {
      subject: `New support request: ${request.subject}`,
      heading: "New support request",
      blocks: [
        {
          fields: [
            ["From", request.clientName],
            ["Company", request.company],
            ["Subject", request.subject],
          ],
        },
        { fields: [["Message", request.message]] },
        { action: { label: "Open the request", url: request.consoleUrl } },
      ],
      signature: `— ${brand.name} support desk`,
    },
    brand,
  );
}

/** A client replied on a support request (a reply to a Resolved one reopens it). */
export function clientReplyMail(
  reply: {
    subject: string;
    text: string;
    clientName: string;
    company: string;
    reopened: boolean;
    consoleUrl: string;
  },
  brand: MailBrand,
): MailContent {
  return composeMail(
    {
      subject: `${reply.reopened ? "Reopened by a reply" : "Client reply"}: ${reply.subject}`,
      heading: reply.reopened ? "A client replied to a resolved request and reopened it" : "A client replied to a support request",
      blocks: [
        {
          fields: [
            ["From", reply.clientName],
            ["Company", reply.company],
            ["Request", reply.subject],
          ],
        },
        { fields: [["Reply", reply.text]] },
        { action: { label: "Open the request", url: reply.consoleUrl } },
      ],
      signature: `— ${brand.name} support desk`,
    },
    brand,
  );
}
