import type { ComponentProps } from "react";
import { PAGE_SIZE } from "~/lib/pagination";
import type { FormResult } from "~/lib/form-result";
import { ActivityList, type ActivityItem } from "./activity-list";
import { Pager } from "~/components/console/pager";
import { FilesAskApproval } from "./files-ask-approval";
import { FilesClientUploads } from "./files-client-uploads";
import { FilesList, type FileRow } from "./files-list";
import { FilesUpload } from "./files-upload";
import { FilesUsage } from "./files-usage";
import { WorkspaceHeader } from "./workspace-header";
import type { Side } from "~/lib/side";

// The Activity and Files tabs read the same on both sides; the console adds what only
// staff do (the client-uploads switch, asking for approval) and the sections nest one level lower
// under its layout's h1.

type Project = ComponentProps<typeof WorkspaceHeader>["project"];

/** The project's timeline, newest first. */
export function ActivityTabPage({
  audience,
  project,
  entries,
  total,
  page,
}: {
  audience: Side;
  project: Project;
  entries: ActivityItem[];
  total: number;
  page: number;
}) {
  const Heading = audience === "client" ? "h2" : "h3";
  return (
    <section aria-labelledby="project-heading" className="space-y-6">
      <WorkspaceHeader audience={audience} project={project} headingId="project-heading" />
      <section aria-labelledby="activity-heading">
        <Heading id="activity-heading" className="mb-3 text-xl font-semibold text-slate-900 dark:text-white">
          Activity
        </Heading>
        <ActivityList
          audience={audience}
          projectId={project.id}
          title={project.title}
          entries={entries}
          total={total}
          page={page}
          pageSize={PAGE_SIZE}
        />
      </section>
    </section>
  );
}

/** Why the upload box is not shown: staff never upload to an archived project; a client only while the agency allows it. */
const NO_UPLOAD: Record<Side, string> = {
  staff: "This project is archived: restore it to add files.",
  client: "The agency has turned off uploads from your side for this project. You can still download its files.",
};

interface FilesTabPageProps {
  audience: Side;
  project: Project & { clientUploads?: boolean };
  files: FileRow[];
  usage: { used: number; quota: number; fileMax: number };
  mayUpload: boolean;
  notice: ComponentProps<typeof FilesUpload>["pageOutcome"];
  pageResult?: FormResult;
  /** The page shown (1-based), of `total` files at `pageSize` a page. */
  page: number;
  total: number;
  pageSize: number;
}

/** A page past the last (an old link, a file deleted meanwhile) says where the files are. */
const FILES_PAGE_EMPTY = "There are no files on this page: the most recently changed are on the first page.";

/** The project's files: storage used, the upload box, and the list a page at a time. */
export function FilesTabPage({ audience, project, files, usage, mayUpload, notice, pageResult, page, total, pageSize }: FilesTabPageProps) {
  const staff = audience === "staff";
  return (
    <section aria-labelledby="files-heading" className="space-y-6">
      <WorkspaceHeader audience={audience} project={project} headingId="files-heading" />
      <FilesUsage used={usage.used} quota={usage.quota} />
      {staff ? <FilesClientUploads projectId={project.id} on={project.clientUploads ?? false} pageResult={pageResult} /> : null}
      {mayUpload ? (
        <FilesUpload projectId={project.id} fileMax={usage.fileMax} pageOutcome={notice} />
      ) : (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">{NO_UPLOAD[audience]}</p>
      )}
      {files.length === 0 && total > 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {FILES_PAGE_EMPTY}
        </p>
      ) : (
        <FilesList
          files={files}
          pageResult={pageResult}
          askForApproval={
            staff
              ? (file) => (
                  <FilesAskApproval
                    projectId={project.id}
                    fileId={file.id}
                    fileName={file.name}
                    pending={file.approval?.status === "pending"}
                  />
                )
              : undefined
          }
        />
      )}
      <Pager page={page} total={total} pageSize={pageSize} />
    </section>
  );
}
