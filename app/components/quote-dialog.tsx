import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { Notice } from "./notice";

// The form (with its validation library) loads on first open, keeping it out of the home page's
// initial JavaScript; hovering or focusing a trigger starts the download early.
const loadQuoteForm = () => import("./quote-form");
const QuoteForm = lazy(() => loadQuoteForm().then((m) => ({ default: m.QuoteForm })));

// The form imports the same module, so by the time anyone submits it is loaded; imported here it
// would sit in the home page's first JavaScript for a form most visitors never open (npm run size).
const waitForFillTime = (since: number) => import("./forms/spam-fields").then((m) => m.untilFillTime(since));

/** A token older than this is replaced when the modal opens (the server accepts 24 h). */
const TOKEN_REFRESH_MS = 3_600_000;

interface FormToken {
  value: string;
  /** Local time it arrived: the minimum fill time counts from here. */
  receivedAt: number;
}

/**
 * The modal's form token, fetched when the modal is about to open: the page around it is cached
 * for every anonymous visitor (decision 0011), so it cannot carry a token signed for this visit.
 */
function useFormToken() {
  const [token, setToken] = useState<FormToken | null>(null);
  const [failed, setFailed] = useState(false);
  const inFlight = useRef(false);
  const request = useCallback((current: FormToken | null) => {
    if (inFlight.current || (current && Date.now() - current.receivedAt < TOKEN_REFRESH_MS)) return;
    inFlight.current = true;
    setFailed(false);
    fetch("/quote/token", { cache: "no-store", headers: { Accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<{ formToken: string }>) : Promise.reject(new Error(String(res.status)))))
      .then(({ formToken }) => setToken({ value: formToken, receivedAt: Date.now() }))
      .catch(() => setFailed(true))
      .finally(() => (inFlight.current = false));
  }, []);
  return { token, failed, request: () => request(token) };
}

/** One quote modal shared by every "Get a Free Quote" / "Start a Project" button on a page. */
export function useQuoteDialog() {
  const formToken = useFormToken();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Remounting the form after a success gives an empty, reset form next time.
  const [formKey, setFormKey] = useState(0);

  const requestToken = formToken.request;
  const open = () => {
    requestToken();
    setOpened(true);
    dialogRef.current?.showModal();
  };
  const close = useCallback(() => dialogRef.current?.close(), []);
  const onSuccess = useCallback((message: string) => {
    dialogRef.current?.close();
    setFormKey((k) => k + 1);
    setNotice(message);
    // SPEC §8 shows the confirmation as an alert; the banner keeps it readable afterwards.
    window.alert(message);
  }, []);

  /** Props for a trigger: a submit button of a GET form to /quote, so it also works without JS. */
  function triggerProps() {
    return {
      type: "submit" as const,
      onClick: (event: React.MouseEvent) => {
        event.preventDefault();
        open();
      },
      onPointerEnter: () => {
        void loadQuoteForm();
        requestToken();
      },
      onFocus: () => {
        void loadQuoteForm();
        requestToken();
      },
    };
  }

  const dialog = (
    <>
      <dialog
        ref={dialogRef}
        aria-labelledby="quote-dialog-title"
        className="m-auto w-[min(36rem,calc(100%-2rem))] rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4 dark:border-slate-700">
          <h2 id="quote-dialog-title" className="text-xl font-bold">
            Get a Free Quote
          </h2>
          <button type="button" onClick={close} className="rounded-md p-1 text-2xl leading-none" aria-label="Close quote form">
            ×
          </button>
        </div>
        <div className="max-h-[75vh] overflow-y-auto px-6 py-5">
          {!opened ? null : formToken.token ? (
            <Suspense fallback={<p className="py-8 text-center text-slate-600 dark:text-slate-300">Loading form...</p>}>
              <QuoteForm
                key={formKey}
                idPrefix="modal"
                formToken={formToken.token.value}
                waitUntilReady={() => waitForFillTime(formToken.token!.receivedAt)}
                onSuccess={onSuccess}
              />
            </Suspense>
          ) : formToken.failed ? (
            <div role="alert" className="py-8 text-center text-slate-700 dark:text-slate-200">
              <p>The form could not be loaded. Check your connection and try again.</p>
              <button type="button" className="btn-secondary mt-4" onClick={requestToken}>
                Try again
              </button>
            </div>
          ) : (
            <p className="py-8 text-center text-slate-600 dark:text-slate-300">Loading form...</p>
          )}
        </div>
      </dialog>
      <Notice message={notice} onDismiss={() => setNotice(null)} />
    </>
  );

  return { open, triggerProps, dialog };
}
