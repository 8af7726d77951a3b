import { issueFormToken } from "~/server/defence/spam-defence.server";

/**
 * A fresh form token for the home page's quote modal. The home page itself is cached for anonymous
 * visitors (decision 0011), so it carries no token: the modal asks here when it opens.
 */
export function loader() {
  return Response.json({ formToken: issueFormToken() }, { headers: { "Cache-Control": "no-store" } });
}
