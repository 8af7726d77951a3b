import { Fragment } from "react";
import { markedParts, type SearchSort } from "~/lib/search";

// Decision 0045: what a searched console list shows of each match. The marks
// come from the database as control characters; every piece is rendered as text.

/** Text with its matched words in <mark>. */
export function Marked({ text }: { text: string }) {
  return (
    <>
      {markedParts(text).map((part, i) =>
        part.marked ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-slate-900 dark:bg-amber-400/30 dark:text-amber-100">
            {part.text}
          </mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/** The passage of a match's text around its matched words. */
export function MatchSnippet({ snippet }: { snippet: string }) {
  if (!snippet.trim()) return null;
  return (
    <span className="mt-1 block text-sm font-normal text-slate-600 dark:text-slate-400">
      <Marked text={snippet} />
    </span>
  );
}

/** The order of a searched list: best match first, or the list's own order (`listLabel`). */
export function SearchSortField({ id, defaultValue, listLabel }: { id: string; defaultValue: SearchSort; listLabel: string }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Sort
      </label>
      <select id={id} name="sort" defaultValue={defaultValue} className="field-input">
        <option value="relevance">Best match</option>
        <option value="list">{listLabel}</option>
      </select>
    </div>
  );
}
