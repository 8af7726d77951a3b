import { data } from "react-router";
import type { PortalFormResult, PortalIntent } from "~/lib/portal";

/** An action's answer to a portal form, with its HTTP status. */
export function formResult(body: PortalFormResult, status = 200) {
  return data<PortalFormResult>(body, { status });
}

/** The form's intent when it is one this route handles; anything else is a forged post. */
export function requireIntent<T extends PortalIntent>(formData: FormData, allowed: readonly T[]): T {
  const intent = formData.get("intent");
  const match = allowed.find((a) => a === intent);
  if (!match) throw new Response("Unknown form.", { status: 400, statusText: "Unknown form" });
  return match;
}
