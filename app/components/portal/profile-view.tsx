import { Time } from "~/components/time";

interface ProfileViewProps {
  email: string;
  profile: { fullName: string; phone: string; company: string; country: string; updatedAt: number };
}

export function ProfileView({ email, profile }: ProfileViewProps) {
  const rows = [
    { label: "Full Name", value: profile.fullName },
    { label: "Email", value: email },
    { label: "Phone", value: profile.phone },
    { label: "Company", value: profile.company },
    { label: "Country", value: profile.country },
  ];
  return (
    <div className="max-w-xl rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
      <dl className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{row.label}</dt>
            <dd className="break-words text-slate-900 dark:text-slate-100">
              {row.value || <span className="text-slate-500 dark:text-slate-400">Not provided</span>}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-xs text-slate-600 dark:text-slate-400">
        Last updated <Time at={profile.updatedAt} />
      </p>
    </div>
  );
}
