import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/passkey-new";
import { addPasskeySchema } from "~/lib/schemas/passkeys";
import { parseCredential, passkeyRegistrationOptions, registerPasskey } from "~/server/auth/passkeys.server";
import { requireUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { isSameOrigin } from "~/server/http/origin-check.server";

// Adding a passkey is a WebAuthn ceremony, so it runs from script: "options" answers
// what navigator.credentials.create needs (and sets the challenge cookie), "verify" stores the
// credential the browser made. JSON answers: { options } | { ok: true } | { message }.
export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  if (!isSameOrigin(request)) throw new Response("Cross-site request refused.", { status: 403 });
  const form = await readForm(request);
  const intent = requireIntent(form, ["options", "verify"] as const);
  const submission = parseWithZod(form, { schema: addPasskeySchema });
  if (submission.status !== "success") {
    return Response.json({ message: submission.error?.name?.[0] ?? "Check the passkey's name." }, { status: 400 });
  }
  if (intent === "options") {
    const outcome = await passkeyRegistrationOptions(request);
    if (!outcome.ok) return Response.json({ message: outcome.message }, { status: outcome.status });
    return Response.json({ options: outcome.value }, { headers: outcome.headers });
  }
  const response = parseCredential(form.get("response"));
  if (!response) return Response.json({ message: "The passkey could not be added. Please try again." }, { status: 400 });
  const outcome = await registerPasskey(request, response, submission.value.name || undefined);
  if (!outcome.ok) return Response.json({ message: outcome.message }, { status: outcome.status });
  return Response.json({ ok: true }, { headers: outcome.headers });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
