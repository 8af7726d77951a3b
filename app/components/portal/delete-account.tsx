import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { FormError } from "~/components/forms/form-error";
import type { FormResult } from "~/lib/form-result";
import { SETTINGS_PATH } from "~/lib/paths";
import { GetButton } from "./get-button";
import { dialogClassName, useUrlDialog } from "./url-dialog";

const DELETE_ACTION = "/settings/delete-account";
const dangerButton = "btn-danger";

/**
 * SPEC §4: Delete opens a confirmation; Confirm shows 'Deleting...' and is disabled; Cancel closes
 * it. The action redirects: to / on success, back here with a notice on failure. With JavaScript
 * Confirm posts through a fetcher, so a failed request closes the dialog and shows SPEC §8's text
 * here instead of the error page.
 */
export function DeleteAccount() {
  const dialog = useUrlDialog("confirm-delete");
  const fetcher = useFetcher<FormResult>();
  const deleting = fetcher.state !== "idle";
  const failure = !deleting && fetcher.data?.status === "error" ? fetcher.data.message : undefined;
  const { key } = useLocation();
  const seenKey = useRef(key);
  const { close, openedByUrl } = dialog;

  // Back from a failed deletion (a new location): the dialog closes and the notice shows.
  useEffect(() => {
    if (seenKey.current === key) return;
    seenKey.current = key;
    if (!openedByUrl) close();
  }, [key, openedByUrl, close]);

  // The request itself failed: same outcome, the dialog closes and the message shows.
  useEffect(() => {
    if (failure) close();
  }, [failure, fetcher.data, close]);

  return (
    <div className="space-y-2">
      <GetButton
        to={SETTINGS_PATH}
        params={{ "confirm-delete": "1" }}
        className={dangerButton}
        onClick={(event) => {
          event.preventDefault();
          dialog.open();
        }}
      >
        Delete Account
      </GetButton>
      <FormError message={failure} />
      <dialog
        ref={dialog.ref}
        open={openedByUrl || undefined}
        onClose={dialog.onClose}
        aria-labelledby="delete-account-title"
        aria-describedby="delete-account-detail"
        className={dialogClassName}
      >
        <div className="space-y-4 p-6">
          <h2 id="delete-account-title" className="text-xl font-bold">
            Delete your account?
          </h2>
          <p id="delete-account-detail" className="text-slate-700 dark:text-slate-300">
            This removes your profile, projects and support requests for good. It cannot be undone.
          </p>
          <div className="flex flex-wrap justify-end gap-3">
            <GetButton
              to={SETTINGS_PATH}
              className="btn-secondary"
              onClick={(event) => {
                event.preventDefault();
                close();
              }}
            >
              Cancel
            </GetButton>
            <fetcher.Form method="post" action={DELETE_ACTION}>
              <input type="hidden" name="intent" value="delete-account" />
              <button type="submit" className={dangerButton} disabled={deleting}>
                {deleting ? "Deleting..." : "Confirm"}
              </button>
            </fetcher.Form>
          </div>
        </div>
      </dialog>
    </div>
  );
}
