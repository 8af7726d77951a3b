import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { withFlash } from "~/lib/flash";
import { convertLeadSchema } from "~/lib/schemas/lead-conversion";
import type { SessionUser } from "~/server/auth/actor.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { convertQuote } from "~/server/models/pipeline/quote-conversion.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResponse, refusalStatus } from "~/server/http/refusal.server";

// The "Convert to client" form; the whole conversion is one transaction (the model).

export async function convertLeadAction(user: SessionUser, leadId: string, request: Request) {
  const submission = parseWithZod(await readForm(request), { schema: convertLeadSchema });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply() }, 400);
  const v = submission.value;
  let converted;
  try {
    converted = await convertQuote(user, leadId, {
      company:
        v.companyChoice === "new"
          ? { kind: "new", name: v.companyName ?? "", country: v.country ?? "" }
          : { kind: "existing", id: v.companyId ?? "" },
      invitee: { name: v.name, email: v.email, clientAdmin: v.clientAdmin },
      projectTitle: v.createProject ? v.projectTitle : undefined,
    });
  } catch (error) {
    // A double submit lands where the first one did.
    if (isRefusal(error, "conflict") && error.recordId) throw redirect(href("/employee-dashboard/clients/:id", { id: error.recordId }));
    if (isRefusal(error, "not-found")) throw refusalResponse(error, "Not found");
    if (isRefusal(error)) {
      const field = error.field ?? "email";
      return formResult(
        { status: "invalid", message: error.message, result: submission.reply({ fieldErrors: { [field]: [error.message] } }) },
        refusalStatus(error),
      );
    }
    throw error;
  }
  throw redirect(withFlash(href("/employee-dashboard/clients/:id", { id: converted.companyId }), "lead-converted"));
}
