import { useState } from "react";
import { useBrand } from "~/lib/use-brand";

/**
 * Recovery codes, shown once (they are not kept readable anywhere we show again): selectable text
 * without JavaScript, a download link, and a copy button when scripts run.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `${useBrand().shortName} recovery codes (each works once):\n${codes.join("\n")}\n`;
  return (
    <section
      aria-labelledby="recovery-codes-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 dark:border-amber-700 dark:bg-amber-950"
    >
      <h2 id="recovery-codes-title" className="font-semibold text-slate-900 dark:text-white">
        Your recovery codes
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Save them somewhere safe now: they are shown only this once. Each code signs you in once if you lose your authenticator app.
      </p>
      <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 dark:text-slate-100">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 dark:bg-slate-900">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          className="btn-secondary"
          download="indigo-kite-recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          Download codes
        </a>
        <button
          type="button"
          className="btn-secondary"
          onClick={() =>
            void navigator.clipboard.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          Copy codes
        </button>
        <span role="status" aria-live="polite" className="self-center text-sm text-slate-700 dark:text-slate-300">
          {copied ? "Copied." : ""}
        </span>
      </div>
    </section>
  );
}
