import { readForm } from "~/server/http/form-data.server";
import { noSuchRequest } from "~/server/models/support/complaints.server";
import { formResult, requireIntent, requireTargetId } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import type { SessionUser } from "~/server/auth/actor.server";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { assignComplaint } from "~/server/models/support/complaint-desk.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";
import { getComplaintForStaff } from "~/server/models/support/complaints-staff.server";
import { companyScope } from "~/server/models/shared/company-scope.server";

/** The inbox's quick "Assign to me" on a row. */
export async function assignToMe(user: SessionUser, request: Request) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["assign-to-me"]);
  const id = requireTargetId(formData);
  // A request of a company the viewer may not see is "not found", like an unknown id (decision 0105).
  if (!(await getComplaintForStaff({ id, scope: await companyScope(user) })))
    return refusalResult(noSuchRequest(), { intent, targetId: id });
  try {
    if ((await assignComplaint(user, { complaintId: id, assigneeId: user.id })) === "unchanged")
      return formResult({ intent, targetId: id, status: "unchanged", message: "It was already assigned to you." });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, targetId: id });
    logger.error({ err: error }, "assign to me failed");
    return formResult({ intent, targetId: id, status: "error", message: CHANGE_FAILURE }, 500);
  }
  return formResult({ intent, targetId: id, status: "success", message: "Assigned to you." });
}
