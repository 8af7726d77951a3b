import { data, isRouteErrorResponse } from "react-router";
import type { FormResult } from "./form-result";

/**
 * The spec sets no time limit on a submission. A form that has not answered in 30 s is treated as
 * failed, so the user gets the form's message back instead of a spinner that never ends.
 */
export const FORM_TIMEOUT_MS = 30_000;

/** The form's SPEC §8 failure text: one for the route, or one per intent (intents left out fail as before). */
export type FailureMessages = string | Partial<Record<string, string>>;

class FormTimeout extends Error {}

/**
 * A failure the user can retry: lost connection, timeout, a 5xx or a body that is not the app's
 * answer (a proxy's error page). Redirects and 4xx answers (forged or stale posts) keep their
 * normal handling: navigation or the route's error boundary.
 */
export function isRequestFailure(error: unknown): boolean {
  if (error instanceof Response || isRouteErrorResponse(error)) return error.status >= 500;
  return true;
}

function withTimeout<T>(pending: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FormTimeout(`no answer within ${ms} ms`)), ms);
  });
  // A late failure after the timeout has nobody left to tell.
  pending.catch(() => undefined);
  return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
}

function messageFor(messages: FailureMessages, intent: string | undefined): string | undefined {
  return typeof messages === "string" ? messages : intent ? messages[intent] : undefined;
}

/**
 * A route's clientAction: runs the server action and, when the request fails, answers the form
 * with its own failure message in place of the error page. The 503 status tells React Router not
 * to reload the page's data over a connection that just failed. `targetField` names the hidden
 * field of a per-row form (a reply box, a list button), so only that form shows the message.
 */
export async function keepFailureInForm<T>(
  request: Request,
  serverAction: () => Promise<T>,
  messages: FailureMessages,
  { targetField = "id", timeoutMs = FORM_TIMEOUT_MS }: { targetField?: string; timeoutMs?: number } = {},
) {
  const form = await request.clone().formData();
  try {
    return await withTimeout(serverAction(), timeoutMs);
  } catch (error) {
    if (!isRequestFailure(error)) throw error;
    const rawIntent = form.get("intent");
    const intent = typeof rawIntent === "string" ? rawIntent : undefined;
    const message = messageFor(messages, intent);
    if (!message) throw error;
    // SPEC §8: errors are also logged to the console.
    console.error(error);
    const target = form.get(targetField);
    const result: FormResult = { intent, status: "error", message, targetId: typeof target === "string" ? target : undefined };
    return data(result, { status: 503 });
  }
}
