interface NoticeProps {
  message: string | null;
  onDismiss: () => void;
}

/** A dismissible confirmation banner; role="alert" so screen readers announce it at once. */
export function Notice({ message, onDismiss }: NoticeProps) {
  if (!message) return null;
  return (
    <div className="fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      <div
        role="alert"
        className="flex max-w-xl items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900 shadow-lg dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
      >
        <p>{message}</p>
        <button type="button" onClick={onDismiss} className="shrink-0 font-semibold underline" aria-label="Dismiss message">
          Close
        </button>
      </div>
    </div>
  );
}
