import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Form, href, Link } from "react-router";
import { EVERYWHERE_MAX_LENGTH } from "~/lib/search-everywhere";
import { useHydrated } from "~/lib/use-hydrated";

// The console top bar's search (decision 0078). Without JavaScript it is a GET form to the search
// page. With it, a button (and Ctrl/Cmd+K anywhere in the console) opens the command palette,
// whose code loads on first use (or when the pointer nears the button), so the console's initial
// JavaScript grows by this file only.
const loadPalette = () => import("./command-palette");
const CommandPalette = lazy(loadPalette);

const SEARCH_PATH = href("/employee-dashboard/search");
const ICON_BUTTON = "rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

function SearchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0 md:size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="9" cy="9" r="6" />
      <path d="m14 14 4 4" strokeLinecap="round" />
    </svg>
  );
}

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function SearchLauncher() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Escape gives focus back to whatever had it when the palette opened.
  const returnTo = useRef<HTMLElement | null>(null);

  const show = useCallback(() => {
    const focused = document.activeElement;
    // Ctrl/Cmd+K inside the open palette keeps the place to go back to.
    if (focused instanceof HTMLElement && !focused.closest("dialog[open]")) returnTo.current = focused;
    setLoaded(true);
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    setOpen(false);
    (returnTo.current?.isConnected ? returnTo.current : button.current)?.focus();
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // Ctrl/Cmd+K, even from a field: it types nothing there. Ctrl/Cmd+E stays the SPEC's.
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        show();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [show]);

  if (!hydrated) {
    return (
      <>
        <Link to={SEARCH_PATH} aria-label="Search" className={`${ICON_BUTTON} md:hidden`}>
          <SearchIcon />
        </Link>
        <Form
          method="get"
          action={SEARCH_PATH}
          role="search"
          aria-label="Search everywhere"
          className="hidden w-full max-w-md gap-2 md:flex"
        >
          <label htmlFor="top-search" className="sr-only">
            Search leads, clients, projects and requests
          </label>
          <input
            id="top-search"
            type="search"
            name="q"
            maxLength={EVERYWHERE_MAX_LENGTH}
            placeholder="Search…"
            className="field-input min-w-0 flex-1 py-1.5"
          />
          <button type="submit" className="btn-secondary py-1.5">
            Search
          </button>
        </Form>
      </>
    );
  }

  const key = isMac() ? "⌘" : "Ctrl";
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={show}
        onPointerEnter={() => void loadPalette()}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        className="flex items-center gap-2 rounded-lg p-2 text-left text-sm text-slate-700 hover:bg-slate-100 md:w-full md:max-w-md md:border md:border-slate-300 md:bg-white md:px-3 md:py-1.5 md:text-slate-600 md:hover:border-slate-400 md:hover:bg-white dark:text-slate-200 dark:hover:bg-slate-800 md:dark:border-slate-600 md:dark:bg-slate-900 md:dark:text-slate-300 md:dark:hover:border-slate-500 md:dark:hover:bg-slate-900"
      >
        <SearchIcon />
        <span className="sr-only md:not-sr-only md:flex-1">Search…</span>
        <kbd className="hidden rounded border border-slate-300 px-1.5 font-sans text-xs text-slate-500 md:inline dark:border-slate-600 dark:text-slate-400">
          <span className="sr-only">Shortcut: </span>
          {key} K
        </kbd>
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <CommandPalette open={open} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
