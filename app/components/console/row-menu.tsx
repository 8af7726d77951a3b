import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Form, Link } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

/** One entry of a row's menu: a link that reveals a form in place, or a one-click change. */
export type RowMenuItem =
  | { kind: "link"; label: string; to: string; accessibleLabel?: string }
  | { kind: "post"; label: string; intent: string; id: string; accessibleLabel?: string; fields?: Record<string, string> };

const itemClass =
  "block w-full rounded-md px-3 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800";
const panelClass =
  "absolute right-0 z-20 mt-1 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900";

function ItemForm({
  item,
  onSubmit,
  itemRole,
}: {
  item: Extract<RowMenuItem, { kind: "post" }>;
  onSubmit?: () => void;
  itemRole?: "menuitem";
}) {
  return (
    <Form method="post" role={itemRole ? "none" : undefined} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={item.intent} />
      <input type="hidden" name="id" value={item.id} />
      {Object.entries(item.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" role={itemRole} tabIndex={itemRole ? -1 : undefined} className={itemClass} aria-label={item.accessibleLabel}>
        {item.label}
      </button>
    </Form>
  );
}

/**
 * A row's actions behind one button, so a table row reads first and acts on demand. Rendered on the
 * server as a <details> disclosure (works without JavaScript); once hydrated it becomes a menu
 * button (aria-haspopup, aria-expanded) whose items take ArrowUp/ArrowDown, Home/End, and Escape
 * to close back onto the button, as the ARIA menu-button pattern describes (like the shell's
 * avatar menu).
 */
export function RowMenu({ label, accessibleLabel, items }: { label: string; accessibleLabel: string; items: RowMenuItem[] }) {
  const hydrated = useHydrated();
  if (items.length === 0) return null;
  if (!hydrated)
    return (
      <details className="relative inline-block text-left">
        <summary className="btn-secondary cursor-pointer list-none px-3 py-1.5" aria-label={accessibleLabel}>
          {label}
        </summary>
        <ul className={panelClass}>
          {items.map((item) => (
            <li key={item.label}>
              {item.kind === "link" ? (
                <Link to={item.to} preventScrollReset className={itemClass} aria-label={item.accessibleLabel}>
                  {item.label}
                </Link>
              ) : (
                <ItemForm item={item} />
              )}
            </li>
          ))}
        </ul>
      </details>
    );
  return <MenuButton label={label} accessibleLabel={accessibleLabel} items={items} />;
}

function MenuButton({ label, accessibleLabel, items }: { label: string; accessibleLabel: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const menuItems = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open || focusAt === null) return;
    const all = menuItems();
    all[(focusAt + all.length) % all.length]?.focus();
  }, [open, focusAt]);

  useEffect(() => {
    if (!open) return;
    // A click anywhere else closes the menu, as a native one would.
    const away = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [open]);

  function openAt(index: number) {
    setOpen(true);
    setFocusAt(index);
  }

  function close(refocus: boolean) {
    setOpen(false);
    setFocusAt(null);
    if (refocus) buttonRef.current?.focus();
  }

  function onButtonKey(event: KeyboardEvent) {
    if (event.key === "ArrowDown") openAt(0);
    else if (event.key === "ArrowUp") openAt(-1);
    else return;
    event.preventDefault();
  }

  function onMenuKey(event: KeyboardEvent) {
    const all = menuItems();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
    if (event.key in next) all[(next[event.key]! + all.length) % all.length]?.focus();
    else if (event.key === "Escape") close(true);
    else if (event.key === "Tab") return close(false);
    else return;
    event.preventDefault();
  }

  return (
    <div className="relative inline-block text-left">
      <button
        ref={buttonRef}
        type="button"
        className="btn-secondary px-3 py-1.5"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={accessibleLabel}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {label}
      </button>
      {open ? (
        <div ref={menuRef} id={menuId} role="menu" aria-label={accessibleLabel} className={panelClass} onKeyDown={onMenuKey}>
          {items.map((item) =>
            item.kind === "link" ? (
              <Link
                key={item.label}
                to={item.to}
                preventScrollReset
                role="menuitem"
                tabIndex={-1}
                className={itemClass}
                aria-label={item.accessibleLabel}
                onClick={() => close(false)}
              >
                {item.label}
              </Link>
            ) : (
              <ItemForm key={item.label} item={item} itemRole="menuitem" onSubmit={() => close(false)} />
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
