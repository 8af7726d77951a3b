interface NoticeProps {
  message: string | null;
  onDismiss: () => void;
  tone?: "success" | "error";
}

const TONES = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100",
};

/**
 * A dismissible banner; role="alert" so screen readers announce it at once. It floats at the bottom
 * and only the message itself takes clicks: at the top it covered the banners and buttons right
 * under the header (the verification banner's "Send again" among them).
 */
export function Notice({ message, onDismiss, tone = "success" }: NoticeProps) {
  if (!message) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div
        role="alert"
        className={`pointer-events-auto flex max-w-xl items-start gap-3 rounded-xl border p-4 text-sm shadow-lg ${TONES[tone]}`}
      >
        <p>{message}</p>
        <button type="button" onClick={onDismiss} className="shrink-0 font-semibold underline" aria-label="Dismiss message">
          Close
        </button>
      </div>
    </div>
  );
}
