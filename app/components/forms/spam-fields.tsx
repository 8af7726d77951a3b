import { useState } from "react";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/lib/spam-fields";

/** The signed form-start token and a honeypot field that people never see. */
export function SpamFields({ token }: { token: string }) {
  return (
    <>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}

// Mirrors the server's minimum fill time (spam-defence.server.ts), plus a margin for clock steps.
const MIN_FILL_MS = 3_000 + 250;

/**
 * Resolves once the server's minimum fill time has passed for a token received at `since` (a
 * local time after the server signed it, so counting from it is conservative).
 */
export function untilFillTime(since: number): Promise<void> {
  const remaining = since + MIN_FILL_MS - Date.now();
  return remaining > 0 ? new Promise((r) => setTimeout(r, remaining)) : Promise.resolve();
}

/**
 * Time from which a submit is certain to pass the server's minimum-fill check. The token was signed
 * before this page reached the browser, so counting from the first render here is conservative.
 */
export function useFillClock() {
  const [renderedAt] = useState(() => Date.now());
  return {
    /** Resolves once the minimum fill time has passed (immediately for any person typing). */
    waitUntilReady: () => untilFillTime(renderedAt),
  };
}
