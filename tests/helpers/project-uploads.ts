import { action as uploadAction } from "~/routes/resources/project-files-upload";
import type { TestUser } from "./accounts";

// An upload session through the Files tab's upload route, as the browser posts it
// (JSON answer with JavaScript, a 303 back to the tab without).

export async function uploadFiles(
  who: TestUser | null,
  projectId: string,
  files: Array<[Buffer, string]>,
  { json = true } = {},
): Promise<Response> {
  const form = new FormData();
  for (const [bytes, name] of files) form.append("files", new File([new Uint8Array(bytes)], name));
  const headers: Record<string, string> = { Origin: "http://localhost", Host: "localhost" };
  if (who) headers.Cookie = who.cookie;
  if (json) headers.Accept = "application/json";
  const request = new Request(`http://localhost/projects/${projectId}/files/upload`, { method: "POST", body: form, headers });
  try {
    return (await uploadAction({ request, params: { id: projectId }, context: { clientIp: "203.0.113.9" } } as never)) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
