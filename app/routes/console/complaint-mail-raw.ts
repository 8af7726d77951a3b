import type { Route } from "./+types/complaint-mail-raw";
import { requireStaff } from "~/server/auth/session.server";
import { attachmentResponse } from "~/server/http/attachment.server";
import { requireVisibleComplaint } from "./complaint.server";
import { refusalResponse } from "~/server/http/refusal.server";
import { originalRaw } from "~/server/models/inbound/inbound-original.server";

// The raw message a request's mail arrived as, for staff with Support: an attachment, never shown
// inline (it may hold HTML and scripts).

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "support");
  // Only a request of a company the viewer may see (decision 0105); another is "not found".
  await requireVisibleComplaint(user, params.id);
  try {
    const bytes = await originalRaw({ complaintId: params.id, messageId: params.messageId });
    return attachmentResponse(new Uint8Array(bytes), { filename: `mail-${params.messageId}.eml`, contentType: "message/rfc822" });
  } catch (error) {
    throw refusalResponse(error, "Not found");
  }
}
