import { parseWithZod } from "@conform-to/zod/v4";
import { PROGRESS_FAILURE } from "~/lib/console-failures";
import { projectProgressSchema } from "~/lib/schemas/projects-staff";
import type { FormResult } from "~/lib/form-result";
import { listComplaints } from "~/server/models/complaints.server";
import { getClient } from "~/server/models/clients.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { listProgressHistory, listProjects, setProjectProgress } from "~/server/models/projects.server";
import type { SessionUser } from "~/server/auth/actor.server";
import { membershipOf } from "~/server/models/companies.server";

/** The client's account, profile, projects with their history, and support requests. */
export async function loadClient(id: string) {
  const client = await getClient({ id });
  if (!client) throw new Response("No client account with this id.", { status: 404, statusText: "Not found" });
  const companyId = (await membershipOf(id))?.companyId ?? "";
  const [projects, history, complaints] = await Promise.all([
    listProjects({ companyId }),
    listProgressHistory({ companyId }),
    listComplaints({ companyId }),
  ]);
  return {
    client,
    projects: projects.map(({ id: projectId, title, description, progress, createdAt }) => ({
      id: projectId,
      title,
      description,
      progress,
      createdAt,
      history: history[projectId] ?? [],
    })),
    complaints: complaints.map(({ id: complaintId, subject, status, createdAt }) => ({ id: complaintId, subject, status, createdAt })),
  };
}

function answer(body: Omit<FormResult, "intent">, status = 200) {
  return formResult({ intent: "set-progress", ...body }, status);
}

/** Staff set a project's progress; only the project id, value and note are read from the form. */
export async function setProgressAction(user: SessionUser, clientId: string, request: Request) {
  const formData = await readForm(request);
  requireIntent(formData, ["set-progress"]);
  const rawId = formData.get("projectId");
  const targetId = typeof rawId === "string" ? rawId : undefined;
  const submission = parseWithZod(formData, { schema: projectProgressSchema });
  if (submission.status !== "success") return answer({ status: "invalid", targetId, result: submission.reply() }, 400);
  const { projectId, progress, note } = submission.value;
  try {
    const entry = await setProjectProgress(user, { id: projectId, progress, note });
    if (!entry) return answer({ status: "error", targetId, message: "This project does not exist.", result: submission.reply() }, 404);
  } catch (error) {
    logger.error({ err: error }, "project progress failed");
    return answer({ status: "error", targetId, message: PROGRESS_FAILURE, result: submission.reply() }, 500);
  }
  return answer({ status: "success", targetId, message: `Progress set to ${progress}%. The client sees it now.` });
}
