import { Form, href, Link } from "react-router";

/**
 * Picks a saved reply for the reply box. A GET form: the page comes back with
 * `?saved=ID` and the server fills the box, placeholders and all, with or without JavaScript.
 */
export function SavedReplyPicker({ replies, chosen }: { replies: { id: string; title: string }[]; chosen?: string }) {
  if (replies.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        No saved replies yet.{" "}
        <Link to={href("/employee-dashboard/saved-replies")} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          Add one
        </Link>
      </p>
    );
  }
  return (
    <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-2" aria-label="Insert a saved reply">
      <div>
        <label htmlFor="saved-reply" className="field-label">
          Saved reply
        </label>
        <select id="saved-reply" name="saved" defaultValue={chosen ?? ""} className="field-input">
          <option value="" disabled>
            Choose a saved reply
          </option>
          {replies.map((r) => (
            <option key={r.id} value={r.id}>
              {r.title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        Insert into reply
      </button>
    </Form>
  );
}
