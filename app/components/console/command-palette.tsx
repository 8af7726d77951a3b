import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { href, Link, useFetcher, useNavigate } from "react-router";
import {
  EVERYWHERE_HINT,
  EVERYWHERE_LABELS,
  EVERYWHERE_MAX_LENGTH,
  noMatchesFor,
  type EverywhereHit,
  type EverywhereResult,
} from "~/lib/search-everywhere";

// The command palette (decision 0078), loaded on first open by SearchLauncher. A native modal
// <dialog>: the browser keeps focus inside it and Escape closes it. The input is a combobox over
// a listbox of the results, grouped (the ARIA 1.2 pattern): focus stays in the input while the
// arrows move the active option (aria-activedescendant) and Enter opens it.

interface SearchData {
  q: string;
  results: EverywhereResult[];
}

/** Waits for a pause in typing before asking the server. */
const TYPING_PAUSE_MS = 120;
const SEARCH_PATH = href("/employee-dashboard/search");
const searchUrl = (q: string) => `${SEARCH_PATH}?q=${encodeURIComponent(q)}`;

export default function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const fetcher = useFetcher<SearchData>();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  // The active option belongs to the results it was chosen in: new results start at the first.
  const [chosen, setChosen] = useState({ q: "", index: 0 });
  const ids = useId();
  const q = text.trim();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      input.current?.select();
    } else if (!open && element.open) element.close();
  }, [open]);

  const load = fetcher.load;
  useEffect(() => {
    if (!q) return;
    const timer = setTimeout(() => void load(searchUrl(q)), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q, load]);

  // Results of an earlier text stay out of view: they would open a record not asked for.
  const data = q && fetcher.data?.q === q.slice(0, EVERYWHERE_MAX_LENGTH) ? fetcher.data : undefined;
  const results = data?.results ?? [];
  const options = results.flatMap((r) => r.hits.map((hit) => ({ group: r.group, hit })));
  const active = chosen.q === data?.q ? chosen.index : 0;
  const setActive = (index: number) => setChosen({ q: data?.q ?? "", index });
  const current = options.length ? Math.min(active, options.length - 1) : -1;
  const optionId = (i: number) => `${ids}-option-${i}`;
  const listId = `${ids}-list`;

  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView({ block: "nearest" });
  });

  function choose(hit: EverywhereHit) {
    void navigate(hit.to);
    onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!options.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (current >= 0) choose(options[current]!.hit);
      else if (q) {
        // Nothing to open yet: the results page shows the same search in full.
        void navigate(searchUrl(q));
        onClose();
      }
    }
  }

  const status = !q
    ? EVERYWHERE_HINT
    : !data
      ? "Searching…"
      : options.length === 0
        ? noMatchesFor(q)
        : `${options.length} ${options.length === 1 ? "result" : "results"}. Arrow keys move, Enter opens.`;

  let index = -1;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
      className="mx-auto mt-[10vh] w-[min(40rem,calc(100%-2rem))] rounded-xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100 dark:ring-1 dark:ring-slate-700"
    >
      <h2 id={`${ids}-title`} className="sr-only">
        Search everywhere
      </h2>
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 dark:border-slate-700">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5 shrink-0 text-slate-500 dark:text-slate-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="9" cy="9" r="6" />
          <path d="m14 14 4 4" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          type="text"
          role="combobox"
          aria-label="Search leads, applications, companies, people, projects and support requests"
          aria-expanded={options.length > 0}
          aria-controls={options.length ? listId : undefined}
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          aria-autocomplete="list"
          aria-describedby={`${ids}-status`}
          autoComplete="off"
          spellCheck={false}
          maxLength={EVERYWHERE_MAX_LENGTH}
          placeholder="Search by name, e-mail or number"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1 bg-transparent py-4 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none dark:text-white dark:placeholder:text-slate-400"
        />
        <kbd className="rounded border border-slate-300 px-1.5 font-sans text-xs text-slate-500 dark:border-slate-600 dark:text-slate-400">
          Esc
        </kbd>
      </div>
      {options.length ? (
        <div id={listId} role="listbox" aria-label="Results" className="max-h-[60vh] overflow-y-auto p-2">
          {results.map((result) => (
            <div key={result.group} role="presentation" className="pb-2">
              <div
                id={`${ids}-${result.group}`}
                aria-hidden="true"
                className="px-2 py-1 text-xs font-semibold text-slate-600 uppercase dark:text-slate-400"
              >
                {EVERYWHERE_LABELS[result.group]}
              </div>
              <div role="group" aria-labelledby={`${ids}-${result.group}`}>
                {result.hits.map((hit) => {
                  index++;
                  const i = index;
                  const selected = i === current;
                  return (
                    <div
                      key={hit.id}
                      id={optionId(i)}
                      role="option"
                      aria-selected={selected}
                      // Keeps focus in the input (and the active option) as the pointer chooses.
                      onMouseDown={(event) => event.preventDefault()}
                      onMouseMove={() => setActive(i)}
                      onClick={() => choose(hit)}
                      className={`cursor-pointer rounded-lg px-3 py-2 ${selected ? "bg-brand-50 text-brand-900 ring-1 ring-brand-600 dark:bg-slate-800 dark:text-white dark:ring-brand-400" : ""}`}
                    >
                      <span className="block font-medium">{hit.label}</span>
                      {hit.detail ? <span className="block truncate text-sm text-slate-600 dark:text-slate-400">{hit.detail}</span> : null}
                    </div>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
      ) : null}
      <div className="flex items-center justify-between gap-4 border-t border-slate-200 px-4 py-2 text-sm dark:border-slate-700">
        <p id={`${ids}-status`} role="status" className="text-slate-600 dark:text-slate-400">
          {status}
        </p>
        {q ? (
          <Link to={searchUrl(q)} onClick={onClose} className="shrink-0 text-brand-700 underline underline-offset-2 dark:text-brand-300">
            All results
          </Link>
        ) : null}
      </div>
    </dialog>
  );
}
