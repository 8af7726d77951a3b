import { attachmentHref, attachmentThumbnailHref, type AttachmentItem } from "~/lib/attachments";
import { fileKindLabel } from "~/lib/file-kinds";
import { useDates } from "~/lib/use-place";

/**
 * The files sent with one message: each a download link (never opened inline), images with a
 * small server-made preview. Nothing is rendered for a message without files.
 */
export function AttachmentList({ attachments, label }: { attachments: AttachmentItem[]; label: string }) {
  const { formatBytes } = useDates();
  if (attachments.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-2 flex flex-wrap gap-2">
      {attachments.map((a) => (
        <li key={a.id}>
          <a
            href={attachmentHref(a.id)}
            download={a.name}
            className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2 text-sm text-brand-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-800 dark:text-brand-300"
          >
            {a.hasThumbnail ? (
              <img
                src={attachmentThumbnailHref(a.id)}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="h-12 w-12 rounded object-cover"
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex h-12 w-12 items-center justify-center rounded bg-slate-200 text-xs font-semibold uppercase text-slate-700 dark:bg-slate-700 dark:text-slate-200"
              >
                {a.kind}
              </span>
            )}
            <span>
              <span className="block font-medium">{a.name}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {fileKindLabel(a.kind)}, {formatBytes(a.size)}
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
