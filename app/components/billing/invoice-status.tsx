// An invoice's status as a badge, readable in both themes; "Overdue" is derived (never stored).

const LOOK: Record<string, { label: string; className: string }> = {
  draft: { label: "Draft", className: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100" },
  issued: { label: "Issued", className: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100" },
  sent: { label: "Sent", className: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100" },
  viewed: { label: "Viewed", className: "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100" },
  "partially-paid": { label: "Partially paid", className: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100" },
  paid: { label: "Paid", className: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100" },
  void: { label: "Void", className: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100" },
  overdue: { label: "Overdue", className: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100" },
};

export const INVOICE_STATUS_FILTERS = [
  { value: "draft", label: "Draft" },
  { value: "issued", label: "Issued" },
  { value: "sent", label: "Sent" },
  { value: "viewed", label: "Viewed" },
  { value: "partially-paid", label: "Partially paid" },
  { value: "paid", label: "Paid" },
  { value: "overdue", label: "Overdue" },
  { value: "void", label: "Void" },
] as const;

export function InvoiceStatusBadge({ status, overdue }: { status: string; overdue: boolean }) {
  const look = LOOK[overdue ? "overdue" : status] ?? LOOK.draft!;
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${look.className}`}>{look.label}</span>;
}
