import { Link } from "react-router";

/** Shown for an unknown or closed opening on its detail and apply pages. */
export function OpeningUnavailable({ reason }: { reason: "missing" | "closed" }) {
  return (
    <div className="container-page py-24 text-center">
      <h1 className="section-title">{reason === "closed" ? "This position is closed." : "Job opening not found."}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        {reason === "closed"
          ? "We are no longer accepting applications for this role. Take a look at our other openings."
          : "The opening you are looking for does not exist or has been removed."}
      </p>
      <Link to="/careers" className="btn-primary mt-8">
        See open positions
      </Link>
    </div>
  );
}
