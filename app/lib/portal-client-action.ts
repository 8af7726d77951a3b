import { isRouteErrorResponse } from "react-router";
import type { PortalFormResult, PortalIntent } from "./portal";

/**
 * Runs a portal route's server action; a lost connection or crash answers with the panel's own
 * failure message (SPEC §8) instead of replacing the panel with the error page. Redirects and
 * HTTP errors pass through.
 */
export async function keepFailureInPanel<T>(
  request: Request,
  serverAction: () => Promise<T>,
  messages: Partial<Record<PortalIntent, string>>,
): Promise<T | PortalFormResult> {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    const intent = String(form.get("intent")) as PortalIntent;
    const message = messages[intent];
    if (!message) throw error;
    const complaintId = form.get("complaintId");
    return { intent, status: "error", message, complaintId: typeof complaintId === "string" ? complaintId : undefined };
  }
}
