import type { ReactNode } from "react";

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white py-14 dark:from-slate-900 dark:to-slate-950">
      <div className="container-page">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{children}</div> : null}
      </div>
    </div>
  );
}
