import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/passkeys";
import { accountPathFor } from "~/lib/account-paths";
import { withFlash } from "~/lib/flash";
import { keepFailureInForm } from "~/lib/form-failure";
import { renamePasskeySchema } from "~/lib/schemas/passkeys";
import { deletePasskey, renamePasskey } from "~/server/auth/passkeys.server";
import { requireUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent, requireTargetId } from "~/server/http/form-result.server";
import { isSameOrigin } from "~/server/http/origin-check.server";

// Passkeys: rename or delete one of your own. Adding one needs WebAuthn, so JavaScript:
// account/passkey-new.ts.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  const form = await readForm(request);
  const intent = requireIntent(form, ["rename", "delete"] as const);
  const back = accountPathFor(user.role);
  if (intent === "delete") {
    // The plugin checks the owner: another user's passkey is "not found", and stays.
    if (!(await deletePasskey(request, requireTargetId(form)))) throw new Response("No such passkey.", { status: 404 });
    throw redirect(withFlash(back, "passkey-deleted"));
  }
  const submission = parseWithZod(form, { schema: renamePasskeySchema });
  if (submission.status !== "success") {
    return formResult({ intent, status: "invalid", result: submission.reply(), targetId: String(form.get("id") ?? "") }, 400);
  }
  if (!(await renamePasskey(request, submission.value.id, submission.value.name))) throw new Response("No such passkey.", { status: 404 });
  throw redirect(withFlash(back, "passkey-renamed"));
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, {
    rename: "Could not rename the passkey. Please try again.",
    delete: "Could not delete the passkey. Please try again.",
  });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
