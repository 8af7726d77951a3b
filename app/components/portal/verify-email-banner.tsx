import { useFetcher, useLocation } from "react-router";
import { FormError } from "~/components/forms/form-error";
import type { FormResult } from "~/lib/form-result";

/**
 * Decision 0028: shown on every portal page until the client's address is verified. "Send again"
 * posts with a fetcher (a failed request says so here); without JavaScript it is a plain form.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const fetcher = useFetcher<FormResult>();
  const { pathname } = useLocation();
  const busy = fetcher.state !== "idle";
  return (
    <section
      aria-labelledby="verify-email-title"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <div>
        <p id="verify-email-title" className="font-semibold">
          Please verify your e-mail address
        </p>
        <p className="text-sm">We sent a link to {email}. Open it to confirm the address is yours.</p>
      </div>
      <div className="space-y-2">
        <fetcher.Form method="post" action="/verify-email/send">
          <input type="hidden" name="returnTo" value={pathname} />
          <button type="submit" className="btn-secondary" disabled={busy}>
            Send again
          </button>
        </fetcher.Form>
        <FormError message={!busy && fetcher.data?.status === "error" ? fetcher.data.message : undefined} />
      </div>
    </section>
  );
}
