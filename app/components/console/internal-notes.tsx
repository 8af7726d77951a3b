import { INTERNAL_NOTE_LABEL } from "~/lib/support-desk";
import { Time } from "~/components/time";

// Staff-only notes on a request, set apart from the replies the client reads; written in the
// composer's Internal note tab (support-composer.tsx).

interface Note {
  id: string;
  authorName: string;
  text: string;
  createdAt: number;
}

export function InternalNotes({ notes }: { notes: Note[] }) {
  return (
    <section
      aria-labelledby="notes-heading"
      className="rounded-2xl border border-dashed border-amber-400 bg-amber-50 p-5 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <h3 id="notes-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Internal notes
      </h3>
      <p className="text-sm text-amber-900 dark:text-amber-200">Staff only: the client never sees these.</p>
      {notes.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No internal notes yet.</p>
      ) : (
        <ol aria-label="Internal notes" className="mt-3 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-xl border border-amber-200 bg-white p-3 dark:border-amber-900 dark:bg-slate-900">
              <p className="text-xs font-semibold uppercase tracking-wide text-amber-900 dark:text-amber-300">{INTERNAL_NOTE_LABEL}</p>
              <p className="text-sm">
                <span className="font-semibold text-slate-900 dark:text-white">{note.authorName}</span>{" "}
                <Time at={note.createdAt} withTime className="text-xs text-slate-600 dark:text-slate-400" />
              </p>
              <p className="mt-1 whitespace-pre-line text-slate-800 dark:text-slate-200">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
