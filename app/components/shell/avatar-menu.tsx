import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { Link, useLocation } from "react-router";
import { LogoutButton } from "~/components/logout-button";
import { useTheme } from "~/lib/use-theme";

// The avatar menu of the app shell (decision 0077): the WAI-ARIA menu button pattern. Enter, Space
// or Arrow Down open it on the first item, Arrow Up on the last; arrows, Home and End move; Escape
// closes it and gives focus back to the button. Before hydration it is a link to the account page.

const noSubscription = () => () => {};
const ITEMS = '[role="menuitem"],[role="menuitemradio"]';
const itemClass =
  "flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800";
const avatarClass =
  "inline-flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white uppercase hover:bg-brand-800 dark:bg-brand-400 dark:text-slate-950 dark:hover:bg-brand-300";

export function AvatarMenu({ email, account }: { email: string; account: { to: string; label: string } }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const { pathname } = useLocation();
  // Open on the page it was opened on: following its link closes it.
  const [openOn, setOpenOn] = useState<{ path: string; focus: "first" | "last" } | null>(null);
  const open = openOn?.path === pathname;
  const { theme, setTheme } = useTheme();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
  const close = (refocus: boolean) => {
    setOpenOn(null);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = items();
    (openOn?.focus === "last" ? list.at(-1) : list[0])?.focus();
    function onPointer(event: PointerEvent) {
      if (root.current && !root.current.contains(event.target as Node)) setOpenOn(null);
    }
    window.addEventListener("pointerdown", onPointer);
    return () => window.removeEventListener("pointerdown", onPointer);
  }, [open, openOn?.focus]);

  function onButtonKey(event: KeyboardEvent) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    setOpenOn({ path: pathname, focus: event.key === "ArrowUp" ? "last" : "first" });
  }

  function onMenuKey(event: KeyboardEvent) {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % list.length,
      ArrowUp: (at - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      close(false);
    } else if (move[event.key] !== undefined) {
      event.preventDefault();
      list[move[event.key]!]?.focus();
    }
  }

  if (!hydrated) {
    return (
      <Link to={account.to} className={avatarClass} aria-label={account.label}>
        <span aria-hidden="true">{email.charAt(0)}</span>
      </Link>
    );
  }
  return (
    <div className="relative" ref={root}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className={avatarClass}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : setOpenOn({ path: pathname, focus: "first" }))}
        onKeyDown={onButtonKey}
      >
        <span aria-hidden="true">{email.charAt(0)}</span>
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-64 rounded-lg border border-slate-200 bg-white py-1 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        {/* Drawn only while open: a closed menu adds no text for find-in-page or tests to trip on. */}
        {open ? (
          <>
            <p
              className="truncate border-b border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400"
              title={email}
            >
              {email}
            </p>
            <div ref={menu} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKey}>
              <Link to={account.to} role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpenOn(null)}>
                {account.label}
              </Link>
              <div role="group" aria-label="Theme" className="border-t border-slate-200 dark:border-slate-700">
                {(["light", "dark"] as const).map((choice) => (
                  <button
                    key={choice}
                    type="button"
                    role="menuitemradio"
                    aria-checked={theme === choice}
                    tabIndex={-1}
                    className={itemClass}
                    onClick={() => {
                      setTheme(choice);
                      close(true);
                    }}
                  >
                    <span aria-hidden="true" className="w-4 text-brand-700 dark:text-brand-300">
                      {theme === choice ? "✓" : ""}
                    </span>
                    {choice === "light" ? "Light" : "Dark"} theme
                  </button>
                ))}
              </div>
              <div role="none" className="border-t border-slate-200 dark:border-slate-700">
                <LogoutButton menuItem className={itemClass} />
              </div>
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
