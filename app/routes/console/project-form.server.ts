import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { projectFormSchema } from "~/lib/schemas/projects-staff";
import type { SessionUser } from "~/server/auth/actor.server";
import { formResult } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { ARCHIVED_READ_ONLY, createStaffProject, updateStaffProject } from "~/server/models/projects/projects-staff.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";

const SAVED = {
  saved: "Changes saved. The client's members see them now.",
  unchanged: "Nothing to change.",
} as const;

/**
 * The project itself gone or archived answers above the form, like a save; a rule on its company or
 * its values answers inside the form, beside the field it names.
 */
const aboutTheProject = (error: unknown) => isRefusal(error, "not-found") || (isRefusal(error) && error.message === ARCHIVED_READ_ONLY);

/** The create (company id) or edit (project id) post of the project form: parse, save, answer in place. */
export async function saveProjectForm(user: SessionUser, formData: FormData, target: { companyId: string } | { id: string }) {
  const intent = "save" as const;
  const submission = parseWithZod(formData, { schema: projectFormSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  try {
    if ("companyId" in target) {
      const project = await createStaffProject(user, target, submission.value);
      return redirect(`/employee-dashboard/projects/${project.id}?created=1`);
    }
    const outcome = await updateStaffProject(user, target.id, submission.value);
    const status = outcome === "saved" ? "success" : "unchanged";
    return formResult({ intent, status, message: SAVED[outcome], result: submission.reply() });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, submission, inForm: !aboutTheProject(error) });
    logger.error({ err: error }, "project save failed");
    return formResult({ intent, status: "error", message: CHANGES_FAILURE, result: submission.reply() }, 500);
  }
}
