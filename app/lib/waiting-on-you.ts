// What the portal's "Waiting on you" lists (reports/waiting-on-you.server.ts reads it,
// components/portal/waiting-on-you.tsx draws it): one shape for both sides of the seam.

export interface WaitingOnYou {
  approvals: {
    id: string;
    projectId: string;
    projectTitle: string;
    subjectType: string;
    subjectId: string;
    subjectTitle: string;
    requestedByName: string;
    requestedAt: number;
    note: string;
  }[];
  replies: { complaintId: string; subject: string; unread: number; lastReplyAt: number }[];
  files: {
    versionId: string;
    fileId: string;
    projectId: string;
    projectTitle: string;
    name: string;
    version: number;
    uploadedByName: string;
    createdAt: number;
  }[];
  /** Files shared since the last visit beyond those listed. */
  moreFiles: number;
  milestones: { id: string; projectId: string; projectTitle: string; title: string; dueDate: string; status: string }[];
  /** "What you owe": open invoices with a balance (minor units), overdue first; empty without Billing. */
  owed: { id: string; number: string; currency: string; dueDate: string | null; balance: number; overdue: boolean }[];
}
