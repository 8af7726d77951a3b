import { Time } from "~/components/time";

/** Decision 0101: files an e-mail to this request carried that were not taken, with why (the sender was told). */
export function RefusedByMail({ files }: { files: ReadonlyArray<{ receivedAt: number; name: string; reason: string }> }) {
  if (files.length === 0) return null;
  return (
    <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-medium">Files refused from e-mail (the sender was told)</p>
      <ul aria-label="Files refused from e-mail" className="mt-1 list-disc pl-5">
        {files.map((file, index) => (
          <li key={`${file.receivedAt}-${index}`}>
            {file.reason}{" "}
            <span className="text-xs">
              (<Time at={file.receivedAt} withTime />)
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
