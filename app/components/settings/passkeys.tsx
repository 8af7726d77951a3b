import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useFetcher, useLocation, useNavigate, useRevalidator } from "react-router";
import { FormError } from "~/components/forms/form-error";
import { ConfirmIdentity } from "~/components/settings/confirm-identity";
import { PASSKEYS_ACTION, type PasskeyView } from "~/lib/account-paths";
import { useDates } from "~/lib/use-place";
import { withFlash } from "~/lib/flash";
import type { FormResult } from "~/lib/form-result";
import { CONFIRMATION_MESSAGES, type ConfirmationMethod } from "~/lib/schemas/identity-confirmation";
import { PASSKEY_NAME_MAX, renamePasskeySchema } from "~/lib/schemas/passkeys";
import { addPasskey, usePasskeysSupported } from "~/lib/webauthn-client";

/** Rename (a plain form: works without JavaScript) and Delete for one passkey. */
function PasskeyRow({ passkey }: { passkey: PasskeyView }) {
  const { formatDateTime } = useDates();
  const rename = useFetcher<FormResult>();
  const remove = useFetcher<FormResult>();
  const outcome = rename.state === "idle" ? rename.data : undefined;
  const [form, fields] = useForm({
    id: `passkey-${passkey.id}`,
    lastResult: outcome?.result,
    defaultValue: { name: passkey.name },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renamePasskeySchema }),
  });
  const removing = remove.state !== "idle";
  return (
    <li className="space-y-2 p-3" data-testid="passkey-row">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <span className="font-medium text-slate-900 dark:text-white">{passkey.name}</span>
        {passkey.createdAt ? ` · Added ${formatDateTime(new Date(passkey.createdAt).getTime())}` : null}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <rename.Form method="post" action={PASSKEYS_ACTION} {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={passkey.id} />
          <div>
            <label htmlFor={fields.name.id} className="field-label">
              Name<span className="sr-only"> of passkey {passkey.name}</span>
            </label>
            <input
              {...getInputProps(fields.name, { type: "text" })}
              key={fields.name.key}
              maxLength={PASSKEY_NAME_MAX}
              className="field-input"
            />
          </div>
          <button type="submit" className="btn-secondary" disabled={rename.state !== "idle"}>
            Rename
          </button>
        </rename.Form>
        <remove.Form method="post" action={PASSKEYS_ACTION}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={passkey.id} />
          <button type="submit" className="btn-secondary" disabled={removing}>
            {removing ? "Deleting..." : "Delete"}
            <span className="sr-only"> passkey {passkey.name}</span>
          </button>
        </remove.Form>
      </div>
      <div id={fields.name.errorId} className="field-error" aria-live="polite">
        {fields.name.errors?.join(" ")}
      </div>
      <FormError
        message={
          outcome?.status === "error"
            ? outcome.message
            : remove.state === "idle" && remove.data?.status === "error"
              ? remove.data.message
              : undefined
        }
      />
    </li>
  );
}

/** The session's "confirm it's you" (decision 0053): until when it stands, and how to give one. */
export interface ConfirmationView {
  confirmedUntil: string | null;
  method: ConfirmationMethod;
}

/**
 * Adding a passkey: a WebAuthn ceremony, so only with JavaScript in a browser that has WebAuthn.
 * A passkey signs in without the password, so the password (or a code) comes first, every time
 * (decision 0053): the server refuses the ceremony without it.
 */
function AddPasskey({ confirmation }: { confirmation: ConfirmationView }) {
  const supported = usePasskeysSupported();
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  if (!supported) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">Adding a passkey needs JavaScript and a browser that supports passkeys.</p>
    );
  }
  if (confirmation.method === "none") return <p className="text-sm text-slate-600 dark:text-slate-400">{CONFIRMATION_MESSAGES.noMethod}</p>;
  if (!confirmation.confirmedUntil) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          To add a passkey, first confirm it&apos;s you with{" "}
          {confirmation.method === "password" ? "your password" : "a code from your authenticator app"}.
        </p>
        <FormError message={message} />
        <ConfirmIdentity method={confirmation.method} />
      </div>
    );
  }

  async function onAdd() {
    setBusy(true);
    setMessage(null);
    const failure = await addPasskey(name.trim());
    setBusy(false);
    if (failure) {
      setMessage(failure);
      // An expired confirmation: the reload brings its form back.
      if (failure === CONFIRMATION_MESSAGES.required) await revalidator.revalidate();
      return;
    }
    setName("");
    // The list is reloaded first: the portal skips reloads when only the query changes. Then the
    // page's notice (aria-live) announces the new passkey.
    await revalidator.revalidate();
    await navigate(withFlash(pathname, "passkey-added"), { replace: true, preventScrollReset: true });
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="new-passkey-name" className="field-label">
            Passkey name<span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>
          </label>
          <input
            id="new-passkey-name"
            type="text"
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            className="field-input"
            placeholder="e.g. Work laptop"
          />
        </div>
        <button type="button" className="btn-secondary" onClick={() => void onAdd()} disabled={busy}>
          {busy ? "Waiting for your device..." : "Add a passkey"}
        </button>
      </div>
      <div aria-live="polite">
        <FormError message={message} />
      </div>
    </div>
  );
}

/** The user's passkeys, for password-less sign-in on this site. */
export function Passkeys({ passkeys, confirmation }: { passkeys: PasskeyView[]; confirmation: ConfirmationView }) {
  return (
    <div className="w-full space-y-3">
      {passkeys.length ? (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          aria-label="Your passkeys"
        >
          {passkeys.map((p) => (
            <PasskeyRow key={p.id} passkey={p} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">No passkeys yet.</p>
      )}
      <AddPasskey confirmation={confirmation} />
    </div>
  );
}
