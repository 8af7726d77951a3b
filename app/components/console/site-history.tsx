import { Form, useNavigation } from "react-router";
import { Time } from "~/components/time";
import type { SiteVersion } from "~/lib/site-content";

/** A one-button form that carries the item's lock counter (publish, restore, delete). */
export function LockedButton({
  intent,
  label,
  pendingLabel,
  lockVersion,
  extra,
  primary,
  accessibleLabel,
  confirm,
}: {
  intent: string;
  label: string;
  pendingLabel: string;
  lockVersion: number;
  extra?: Record<string, string>;
  primary?: boolean;
  accessibleLabel?: string;
  /** A box to tick before the button acts (a deletion): its label. */
  confirm?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    Object.entries(extra ?? {}).every(([k, v]) => navigation.formData?.get(k) === v);
  return (
    <Form method="post" className={confirm ? undefined : "inline"}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="lockVersion" value={lockVersion} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className={primary ? "btn-primary" : "btn-secondary px-3 py-1.5"}
        disabled={pending}
        aria-label={accessibleLabel}
      >
        {pending ? pendingLabel : label}
      </button>
    </Form>
  );
}

/** Every saved version, newest first, with who saved it, when, and which went public. */
export function SiteHistory({
  versions,
  lockVersion,
  publishedNumber,
}: {
  versions: SiteVersion[];
  lockVersion: number;
  publishedNumber: number | null;
}) {
  return (
    <section aria-labelledby="history-heading" className="mt-10">
      <h3 id="history-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        History
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Restoring a version makes it the draft again; preview it, then publish it.
      </p>
      <ol className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {versions.map((v, index) => (
          <li key={v.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
            <div className="text-slate-800 dark:text-slate-200">
              <span className="font-semibold">Version {v.number}</span>
              {v.number === publishedNumber ? (
                <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
                  Published
                </span>
              ) : null}
              {index === 0 && v.number !== publishedNumber ? (
                <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                  Draft
                </span>
              ) : null}
              <span className="block text-slate-600 dark:text-slate-400">
                Saved <Time at={v.createdAt} withTime /> by {v.createdBy ?? "the first install"}
                {v.restoredFrom ? `, restored from version ${v.restoredFrom}` : ""}
                {v.publishedAt ? (
                  <>
                    ; published <Time at={v.publishedAt} withTime />
                  </>
                ) : null}
              </span>
            </div>
            {index > 0 ? (
              <LockedButton
                intent="restore"
                label="Restore"
                pendingLabel="Restoring..."
                lockVersion={lockVersion}
                extra={{ version: String(v.number) }}
                accessibleLabel={`Restore version ${v.number}`}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
