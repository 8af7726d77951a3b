import type { z } from "~/lib/zod";
import type * as Q from "~/lib/api/requests";
import { supportReplyResource } from "~/lib/api/resources";
import { complaintStatusSchema, staffReplySchema } from "~/lib/schemas/complaints-staff";
import { prioritySchema } from "~/lib/schemas/support-desk";
import { Refusal } from "~/lib/refusal";
import { addStaffReply, setComplaintStatus } from "~/server/models/support/complaints-staff.server";
import { setComplaintPriority } from "~/server/models/support/complaint-desk.server";
import { getSupportRequestResource, listSupportRequestResources } from "~/server/models/api/api-reads.server";
import { ApiFieldErrors, formParse, found, type ApiHandler } from "./api-call.server";

// Support requests: the desk's status, priority and reply forms' model calls. Internal notes,
// assignment and attachments stay in the console.

export const supportHandlers: Record<string, ApiHandler> = {
  listSupportRequests: ({ query }) => listSupportRequestResources(query as z.infer<typeof Q.supportRequestQuery>),
  getSupportRequest: async ({ id }) => found(await getSupportRequestResource(id), "support request"),
  updateSupportRequest: async ({ actor, id, body }) => {
    if (body.status === undefined && body.priority === undefined)
      throw new ApiFieldErrors([{ field: "body", message: "Send a status, a priority or both." }]);
    found(await getSupportRequestResource(id), "support request");
    if (body.status !== undefined)
      await setComplaintStatus(actor, { complaintId: id, status: formParse(complaintStatusSchema, body).status });
    if (body.priority !== undefined)
      await setComplaintPriority(actor, { complaintId: id, priority: formParse(prioritySchema, body).priority });
    return found(await getSupportRequestResource(id), "support request");
  },
  createSupportReply: async ({ actor, id, body }) => {
    const { text } = formParse(staffReplySchema, body);
    const now = Date.now();
    const reply = await addStaffReply(actor, { complaintId: id, text }, now);
    // The schema has refused a blank text already; a reply is always stored here.
    if (!reply) throw new Refusal("invalid", "Reply is empty.", { field: "text" });
    return supportReplyResource({ ...reply, complaintId: id, channel: "portal" });
  },
};
