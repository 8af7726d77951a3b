import type { KeyboardEvent } from "react";

// The support composer's tab strip (WAI-ARIA tabs, automatic activation): one tab stop, arrow
// keys, Home and End move between tabs and show each one's panel.

export const COMPOSER_TABS = ["reply", "note"] as const;
export type ComposerTab = (typeof COMPOSER_TABS)[number];

export const tabId = (tab: ComposerTab) => `composer-tab-${tab}`;
export const panelId = (tab: ComposerTab) => `composer-panel-${tab}`;

const LABELS: Record<ComposerTab, string> = { reply: "Reply", note: "Internal note" };

// The note tab's own colour repeats its label; the word is always there.
const SELECTED: Record<ComposerTab, string> = {
  reply: "border-brand-700 bg-white text-brand-800 dark:border-brand-400 dark:bg-slate-900 dark:text-brand-200",
  note: "border-amber-600 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100",
};
const IDLE =
  "border-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white";

export function ComposerTabs({ selected, onSelect }: { selected: ComposerTab; onSelect: (tab: ComposerTab) => void }) {
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const at = COMPOSER_TABS.indexOf(selected);
    const last = COMPOSER_TABS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (at + 1) % COMPOSER_TABS.length
        : event.key === "ArrowLeft"
          ? (at + last) % COMPOSER_TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const tab = COMPOSER_TABS[next]!;
    onSelect(tab);
    document.getElementById(tabId(tab))?.focus();
  }
  return (
    <div
      role="tablist"
      aria-label="Write a reply or an internal note"
      className="flex gap-1 border-b border-slate-200 px-3 pt-3 dark:border-slate-800"
    >
      {COMPOSER_TABS.map((tab) => {
        const isSelected = tab === selected;
        return (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={isSelected}
            aria-controls={panelId(tab)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab)}
            onKeyDown={onKeyDown}
            className={`-mb-px inline-flex items-center gap-2 rounded-t-lg border-b-2 px-4 py-2 text-sm font-semibold ${isSelected ? SELECTED[tab] : IDLE}`}
          >
            {tab === "note" ? <LockIcon /> : null}
            {LABELS[tab]}
          </button>
        );
      })}
    </div>
  );
}

export function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
      <path
        fillRule="evenodd"
        d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
