import { data } from "react-router";
import type { FormResult } from "~/lib/form-result";

/** An action's answer to one of its forms, with its HTTP status. */
export function formResult<Intent extends string>(body: FormResult<Intent>, status = 200) {
  return data<FormResult<Intent>>(body, { status });
}

/** The form's intent when it is one this route handles; anything else is a forged post. */
export function requireIntent<T extends string>(formData: FormData, allowed: readonly T[]): T {
  const intent = formData.get("intent");
  const match = allowed.find((a) => a === intent);
  if (!match) throw new Response("Unknown form.", { status: 400, statusText: "Unknown form" });
  return match;
}

/** The record id a list's button posts, or a 400 when it is missing or malformed. */
export function requireTargetId(formData: FormData): string {
  const id = formData.get("id");
  if (typeof id !== "string" || !/^[\w-]{1,64}$/.test(id))
    throw new Response("Unknown record.", { status: 400, statusText: "Unknown record" });
  return id;
}
