import { Form, href, Link, useNavigation } from "react-router";
import { ConfirmStep, DangerSubmit } from "./confirm-step";

interface ProjectDeleteProps {
  id: string;
  companyId: string;
  title: string;
  /** Only an admin may delete (decision 0043); others are pointed to Archive. */
  mayDelete: boolean;
  /** ?confirm=delete: the confirmation is a page state, so it works without JavaScript too. */
  confirming: boolean;
}

/** "Delete project": after a confirmation, the project and everything in it go for good. */
export function ProjectDelete({ id, companyId, title, mayDelete, confirming }: ProjectDeleteProps) {
  const navigation = useNavigation();
  const action = href("/employee-dashboard/projects/:id/delete", { id });
  const pending = navigation.state !== "idle" && navigation.formAction === action;
  const self = href("/employee-dashboard/projects/:id", { id });
  return (
    <section aria-labelledby="project-delete-heading" className="max-w-3xl rounded-2xl border border-red-200 p-5 dark:border-red-900">
      <h3 id="project-delete-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Delete
      </h3>
      {!mayDelete ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Only an admin can delete a project for good. Archive it instead: nothing is lost.
        </p>
      ) : confirming ? (
        <ConfirmStep
          id="delete-confirm-text"
          question={
            <>
              Delete “{title}” for good? Its milestones, approvals, files with every version, and its history are deleted, and the client's
              members lose it at once. This cannot be undone.
            </>
          }
          cancelTo={self}
        >
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="companyId" value={companyId} />
            <DangerSubmit pending={pending} label="Yes, delete project" pendingLabel="Deleting..." />
          </Form>
        </ConfirmStep>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Created by mistake, or must its files be erased? Deleting removes the project and everything in it.
          </p>
          <Link to={`${self}?confirm=delete`} className="btn-secondary mt-3" preventScrollReset>
            Delete project…
          </Link>
        </>
      )}
    </section>
  );
}
