import { useDates } from "~/lib/use-place";

/** How much of the project's storage its files take (PROJECT_QUOTA_BYTES), as people say it. */
export function FilesUsage({ used, quota }: { used: number; quota: number }) {
  const { formatStorageUse } = useDates();
  return <p className="text-sm text-slate-600 dark:text-slate-400">Storage: {formatStorageUse(used, quota)}.</p>;
}
