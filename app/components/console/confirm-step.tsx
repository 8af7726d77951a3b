import { Link } from "react-router";

/**
 * The second step of a destructive action (archive, delete): the question, the form that does it,
 * and Cancel. The step is a page state (?confirm=…), so it works without JavaScript.
 */
export function ConfirmStep({
  id,
  question,
  cancelTo,
  children,
}: {
  id: string;
  question: React.ReactNode;
  cancelTo: string;
  children: React.ReactNode;
}) {
  return (
    <div role="group" aria-labelledby={id} className="mt-2 space-y-3">
      <p id={id} className="text-sm text-slate-700 dark:text-slate-300">
        {question}
      </p>
      <div className="flex flex-wrap gap-3">
        {children}
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
      </div>
    </div>
  );
}

/** The confirming button: red, focused when the step opens. */
export function DangerSubmit({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button type="submit" className="btn-danger" disabled={pending} autoFocus>
      {pending ? pendingLabel : label}
    </button>
  );
}
