import { useState } from "react";
import { ActionMessage } from "~/components/forms/action-message";
import { ReplyForm } from "~/components/support/reply-form";
import type { FormResult } from "~/lib/form-result";
import { useHydrated } from "~/lib/use-hydrated";
import { ComposerTabs, LockIcon, panelId, tabId, type ComposerTab } from "./composer-tabs";
import { NoteForm } from "./note-form";
import { SavedReplyPicker } from "./saved-reply-picker";

/**
 * The request page's one composer (decision 0076): Reply first and selected, Internal note in its
 * own colour. Without JavaScript there are no tabs: the reply form comes first and the note form
 * waits below in a disclosure, so a reply typed into the first box is always a reply. Both keep
 * their own intents, schemas and forms; the tabs only choose which one shows.
 */
export function SupportComposer({
  lastResult,
  savedReplies,
  prefill,
  action,
}: {
  lastResult?: FormResult;
  savedReplies: { id: string; title: string }[];
  /** A saved reply chosen with the picker (?saved=ID), filled on the server. */
  prefill?: { savedId: string; text: string };
  /** The page without ?saved=, so a sent form does not come back with the saved reply filled. */
  action: string;
}) {
  const enhanced = useHydrated();
  const note = lastResult?.intent === "add-note" ? lastResult : undefined;
  const noteFailed = note !== undefined && note.status !== "success";
  const [tab, setTab] = useState<ComposerTab>(noteFailed ? "note" : "reply");
  // A failed note keeps its tab, the message in place; a saved one hands the box back to Reply.
  const [answered, setAnswered] = useState(lastResult);
  if (lastResult !== answered) {
    setAnswered(lastResult);
    if (note) setTab(noteFailed ? "note" : "reply");
  }
  const staffOnly = (
    <p className="flex items-center gap-2 text-sm font-medium text-amber-900 dark:text-amber-200">
      <LockIcon /> Only staff see this: the client never sees internal notes.
    </p>
  );
  const noteForm = <NoteForm lastResult={lastResult} action={action} labelledBy={enhanced ? tabId("note") : "composer-note-summary"} />;
  return (
    <section
      aria-label="Reply or internal note"
      className="self-start rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      {enhanced ? (
        <ComposerTabs selected={tab} onSelect={setTab} />
      ) : (
        <h3 id="composer-reply-heading" className="px-4 pt-4 text-lg font-semibold text-slate-900 dark:text-white">
          Reply to the client
        </h3>
      )}
      {note?.status === "success" ? (
        <div className="px-4 pt-4">
          <ActionMessage outcome={note} />
        </div>
      ) : null}
      <div
        id={panelId("reply")}
        role={enhanced ? "tabpanel" : undefined}
        aria-labelledby={enhanced ? tabId("reply") : undefined}
        hidden={enhanced && tab !== "reply"}
        className="space-y-4 p-4"
      >
        <SavedReplyPicker replies={savedReplies} chosen={prefill?.savedId} />
        {/* A picked saved reply remounts the box with its text. */}
        <ReplyForm
          audience="staff"
          key={prefill?.savedId ?? "blank"}
          lastResult={lastResult}
          prefill={prefill?.text}
          action={action}
          labelledBy={enhanced ? tabId("reply") : "composer-reply-heading"}
        />
      </div>
      {enhanced ? (
        <div
          id={panelId("note")}
          role="tabpanel"
          aria-labelledby={tabId("note")}
          hidden={tab !== "note"}
          className="space-y-3 rounded-b-2xl border-t-2 border-dashed border-amber-400 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
        >
          {staffOnly}
          {noteForm}
        </div>
      ) : (
        <details
          open={noteFailed}
          className="rounded-b-2xl border-t-2 border-dashed border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40"
        >
          <summary id="composer-note-summary" className="cursor-pointer px-4 py-3 font-semibold text-amber-900 dark:text-amber-200">
            Add an internal note (only staff see it)
          </summary>
          <div className="space-y-3 px-4 pb-4">
            {staffOnly}
            {noteForm}
          </div>
        </details>
      )}
    </section>
  );
}
