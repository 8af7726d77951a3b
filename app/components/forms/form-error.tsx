/** A form-level error, above the submit button (docs/style.md: errors at three levels). */
export function FormError({ message, className = "" }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200 ${className}`.trim()}>
      {message}
    </p>
  );
}
