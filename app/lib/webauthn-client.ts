import { useSyncExternalStore } from "react";
import { PASSKEY_NEW_ACTION, PASSKEY_SIGN_IN_ACTION } from "./account-paths";

// The browser side of passkeys. @simplewebauthn/browser is imported on click only, so
// no page pays for it up front (npm run size); the server routes do all the checking.

/** Whether this browser can do WebAuthn at all: the passkey buttons are shown only then. */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

const noSubscription = () => () => undefined;

/** passkeysSupported() once hydrated; false in the server's HTML, so the two renders agree. */
export function usePasskeysSupported(): boolean {
  return useSyncExternalStore(noSubscription, passkeysSupported, () => false);
}

type Answer = { options?: unknown; ok?: boolean; redirectTo?: string; message?: string };

async function post(action: string, fields: Record<string, string>): Promise<{ ok: boolean; body: Answer }> {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  const response = await fetch(action, { method: "POST", body, credentials: "same-origin" });
  const answer = (await response.json().catch(() => ({}))) as Answer;
  return { ok: response.ok, body: answer };
}

/** The browser's own refusal (cancelled, timed out, no matching passkey) in plain words. */
function browserRefusal(error: unknown, fallback: string): string {
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) {
    return "The passkey request was cancelled or timed out.";
  }
  if (error instanceof Error && error.name === "InvalidStateError") return "This device already has a passkey for your account.";
  return fallback;
}

/** Creates a passkey for the signed-in user; null on success, else the message to show. */
export async function addPasskey(name: string): Promise<string | null> {
  const fallback = "The passkey could not be added. Please try again.";
  try {
    const started = await post(PASSKEY_NEW_ACTION, { intent: "options", name });
    if (!started.ok || !started.body.options) return started.body.message ?? fallback;
    const { startRegistration } = await import("@simplewebauthn/browser");
    let credential;
    try {
      credential = await startRegistration({ optionsJSON: started.body.options as Parameters<typeof startRegistration>[0]["optionsJSON"] });
    } catch (error) {
      return browserRefusal(error, fallback);
    }
    const verified = await post(PASSKEY_NEW_ACTION, { intent: "verify", name, response: JSON.stringify(credential) });
    return verified.ok ? null : (verified.body.message ?? fallback);
  } catch {
    return fallback;
  }
}

/** Password-less sign-in from a login page; where to go on success, or the message to show. */
export async function signInWithPasskey(
  form: "client" | "employee",
  fallback: string,
): Promise<{ redirectTo: string } | { message: string }> {
  try {
    const started = await post(PASSKEY_SIGN_IN_ACTION, { intent: "options", form });
    if (started.body.redirectTo) return { redirectTo: started.body.redirectTo };
    if (!started.ok || !started.body.options) return { message: started.body.message ?? fallback };
    const { startAuthentication } = await import("@simplewebauthn/browser");
    let assertion;
    try {
      assertion = await startAuthentication({
        optionsJSON: started.body.options as Parameters<typeof startAuthentication>[0]["optionsJSON"],
      });
    } catch (error) {
      return { message: browserRefusal(error, fallback) };
    }
    const verified = await post(PASSKEY_SIGN_IN_ACTION, { intent: "verify", form, response: JSON.stringify(assertion) });
    if (verified.ok && verified.body.redirectTo) return { redirectTo: verified.body.redirectTo };
    return { message: verified.body.message ?? fallback };
  } catch {
    return { message: fallback };
  }
}
