// Decision 0096: a message that arrived by e-mail says so, on both sides of the desk.

/** "by e-mail" beside a request or reply that came in by mail; nothing for the portal's. */
export function ChannelMark({ channel }: { channel?: string | null }) {
  if (channel !== "email") return null;
  return (
    <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      by e-mail
    </span>
  );
}
