import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { SETTINGS_PATH } from "~/lib/paths";
import { GetButton } from "./get-button";
import { dialogClassName, useUrlDialog } from "./url-dialog";

const DELETE_ACTION = "/settings/delete-account";
const dangerButton = "btn bg-red-700 text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500";

/**
 * SPEC §4: Delete opens a confirmation; Confirm shows 'Deleting...' and is disabled; Cancel closes
 * it. The action redirects: to / on success, back here with a notice on failure.
 */
export function DeleteAccount() {
  const dialog = useUrlDialog("confirm-delete");
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formAction === DELETE_ACTION;
  const { key } = useLocation();
  const seenKey = useRef(key);
  const { close, openedByUrl } = dialog;

  // Back from a failed deletion (a new location): the dialog closes and the notice shows.
  useEffect(() => {
    if (seenKey.current === key) return;
    seenKey.current = key;
    if (!openedByUrl) close();
  }, [key, openedByUrl, close]);

  return (
    <>
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
            <Form method="post" action={DELETE_ACTION}>
              <input type="hidden" name="intent" value="delete-account" />
              <button type="submit" className={dangerButton} disabled={deleting}>
                {deleting ? "Deleting..." : "Confirm"}
              </button>
            </Form>
          </div>
        </div>
      </dialog>
    </>
  );
}
