import { useState } from "react";
import { useNavigate } from "react-router";
import { FormError } from "~/components/forms/form-error";
import { signInWithPasskey, usePasskeysSupported } from "~/lib/webauthn-client";

/**
 * "Sign in with a passkey". WebAuthn needs script, so the button appears once the page
 * runs it in a browser that supports passkeys; the rest of the login page works without either.
 * The WebAuthn library loads on click (webauthn-client.ts).
 */
export function PasskeySignInButton({
  form,
  fallback,
  label = "Sign in with a passkey",
}: {
  form: "client" | "employee";
  fallback: string;
  label?: string;
}) {
  const supported = usePasskeysSupported();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const navigate = useNavigate();
  if (!supported) return null;

  async function onClick() {
    setBusy(true);
    setMessage(null);
    const outcome = await signInWithPasskey(form, fallback);
    if ("redirectTo" in outcome) {
      await navigate(outcome.redirectTo);
      return;
    }
    setBusy(false);
    setMessage(outcome.message);
  }

  return (
    <div className="space-y-2">
      <button type="button" className="btn-secondary w-full" onClick={() => void onClick()} disabled={busy}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="8" cy="8" r="4" />
          <path d="M2 21v-2a5 5 0 0 1 5-5h2M15 14a3 3 0 1 0 6 0 3 3 0 0 0-6 0m3 3v5l2-1" />
        </svg>
        {busy ? "Waiting for your passkey..." : label}
      </button>
      <div aria-live="polite">
        <FormError message={message} />
      </div>
    </div>
  );
}
