import { href, Link } from "react-router";

/** Staff only: the original of a message that came by e-mail (its id is the inbound message's, decision 0096). */
export function OriginalMailLink({ complaintId, messageId, channel }: { complaintId: string; messageId: string; channel?: string | null }) {
  if (channel !== "email") return null;
  return (
    <Link
      to={href("/employee-dashboard/support/:id/mail/:messageId", { id: complaintId, messageId })}
      className="ml-2 text-xs font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
    >
      View the original mail
    </Link>
  );
}
