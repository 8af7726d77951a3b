import { Link } from "react-router";
import { ChallengeForm } from "./challenge-form";

type Method = "totp" | "recovery";

/**
 * The code step's card, shared by the sign-in challenge (/two-factor) and the step-up after a Google
 * sign-in (/two-factor/step-up): they differ only in their words, their links and how one leaves.
 */
export function ChallengeCard({
  method,
  actionData,
  intro,
  switchTo,
  children,
}: {
  method: Method;
  actionData: Parameters<typeof ChallengeForm>[0]["actionData"];
  /** What the page asks for, per method. */
  intro: Record<Method, string>;
  /** The page's own address showing the other method. */
  switchTo: string;
  /** The way out (back to the login form, or cancel and sign out). */
  children: React.ReactNode;
}) {
  const recovery = method === "recovery";
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Two-factor sign-in</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{intro[method]}</p>
        <div className="mt-6">
          <ChallengeForm key={method} method={method} actionData={actionData} />
        </div>
        <p className="mt-4 text-center text-sm">
          <Link to={switchTo} replace className="text-slate-700 underline dark:text-slate-300">
            {recovery ? "Use your authenticator app instead" : "Use a recovery code instead"}
          </Link>
        </p>
        {children}
      </div>
    </div>
  );
}
