import type { Route } from "./+types/inbound-mail";
import { answerInboundMail } from "./inbound-mail.server";

// Inbound mail over HTTP (decision 0096): a mail provider posts one raw RFC 822 message with
// `Authorization: Bearer <INBOUND_MAIL_SECRET>`. A machine endpoint: no session opens it, only the
// secret; servers post without an Origin header, which the origin check lets through (server/app.ts).
export function action({ request }: Route.ActionArgs) {
  return answerInboundMail(request);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
