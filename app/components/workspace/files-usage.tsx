import { formatBytes } from "~/lib/file-kinds";

/** How much of the project's storage its files take (PROJECT_QUOTA_BYTES). */
export function FilesUsage({ used, quota }: { used: number; quota: number }) {
  const percent = Math.min(100, Math.round((used / quota) * 100));
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      Storage: {formatBytes(used)} of {formatBytes(quota)} used ({percent}%).
    </p>
  );
}
