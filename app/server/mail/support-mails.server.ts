import { site } from "~/content/site";
import { formatDate } from "~/lib/dates";
import { composeMail, type MailContent } from "./templates.server";

// To the client's own account e-mail. The staff reply and name are ours; the client's subject and
// message are not repeated (docs/security.md "Public forms": no unverified free text in mail).

/** A staff member answered one of the client's support requests. */
export function staffReplyMail(reply: { staffName: string; text: string; raisedAt: number; portalUrl: string }): MailContent {
  return composeMail({
    subject: `New reply to your support request - ${site.name}`,
    heading: "We replied to your support request",
    blocks: [
      `${reply.staffName} from ${site.name} replied to your support request raised on ${formatDate(reply.raisedAt)}.`,
      { fields: [["Reply", reply.text]] },
      { action: { label: "View your request", url: reply.portalUrl } },
      { note: "You can answer from the Support section of your dashboard." },
    ],
  });
}

/** Staff resolved or reopened one of the client's support requests. */
export function complaintStatusMail(change: { status: string; raisedAt: number; portalUrl: string }): MailContent {
  const resolved = change.status === "Resolved";
  return composeMail({
    subject: `Your support request is ${resolved ? "resolved" : "open again"} - ${site.name}`,
    heading: resolved ? "Your support request is resolved" : "Your support request is open again",
    blocks: [
      `Your support request raised on ${formatDate(change.raisedAt)} is now marked ${change.status}.`,
      resolved
        ? "If something is still not right, reply from your dashboard and we will pick it up again."
        : "We are looking into it again and will reply in your dashboard.",
      { action: { label: "View your request", url: change.portalUrl } },
    ],
  });
}
