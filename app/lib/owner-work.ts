// What the console overview shows per project owner (workspace-overview.server.ts reads it,
// components/console/workspace-mirror.tsx draws it): one shape for both sides of the seam.

export interface OwnerWork {
  /** The staff member who runs the projects; null for projects nobody runs yet. */
  ownerId: string | null;
  ownerName: string;
  decisions: {
    id: string;
    projectId: string;
    projectTitle: string;
    companyName: string | null;
    subjectType: string;
    subjectId: string;
    subjectTitle: string;
    status: string;
    decidedByName: string;
    decidedAt: number;
    comment: string;
  }[];
  uploads: {
    versionId: string;
    fileId: string;
    projectId: string;
    projectTitle: string;
    companyName: string | null;
    name: string;
    version: number;
    uploadedByName: string;
    createdAt: number;
  }[];
  overdue: {
    id: string;
    projectId: string;
    projectTitle: string;
    companyName: string | null;
    title: string;
    dueDate: string;
    status: string;
  }[];
  /** How many of each kind there are beyond the ones listed. */
  more: { decisions: number; uploads: number; overdue: number };
}
