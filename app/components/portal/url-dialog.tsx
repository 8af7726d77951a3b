import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";

/**
 * A native modal <dialog> that also exists at a URL (`?{param}`), so it works without JavaScript:
 * the server renders it open, and its trigger and close buttons are GET forms (see GetButton).
 * With JavaScript it opens as a true modal (focus trapped, Escape closes).
 */
export function useUrlDialog(param: string, forceOpen = false) {
  const ref = useRef<HTMLDialogElement>(null);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const openedByUrl = searchParams.has(param) || forceOpen;

  useEffect(() => {
    const dialog = ref.current;
    if (!openedByUrl || !dialog || dialog.matches(":modal")) return;
    // The server-rendered `open` dialog is not modal; reopen it as one.
    if (dialog.open) dialog.close();
    dialog.showModal();
  }, [openedByUrl]);

  const open = useCallback(() => ref.current?.showModal(), []);
  const close = useCallback(() => ref.current?.close(), []);
  // Drop the query parameter once closed, so a reload does not reopen it.
  const onClose = useCallback(() => {
    if (ref.current?.open || !searchParams.has(param)) return;
    void navigate(pathname, { replace: true, preventScrollReset: true });
  }, [navigate, param, pathname, searchParams]);

  return { ref, openedByUrl, open, close, onClose };
}

export const dialogClassName =
  "m-auto w-[min(36rem,calc(100%-2rem))] rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100";
