import { Link, useNavigation, useRevalidator } from "react-router";
import { pageDescription } from "~/server/models/site/pages.server";
import type { Route } from "./+types/careers";
import { LoadingBar } from "~/components/loading-bar";
import { PageHeader } from "~/components/page-header";
import { seo } from "~/lib/seo";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { liveSince } from "~/server/events/sse.server";
import { listOpenOpenings } from "~/server/models/pipeline/openings.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return seo({
    title: "Careers",
    description: loaderData?.description ?? "",
    path: "/careers",
    matches,
  });
}

export async function loader() {
  // Before the read: the live stream replays what changed after it (cached copies too).
  const liveFrom = liveSince(["opening.changed"]);
  const [openings, description] = await Promise.all([listOpenOpenings(), pageDescription("careers")]);
  return {
    liveFrom,
    description,
    openings: openings.map(({ id, title, location, type, description }) => ({ id, title, location, type, description })),
  };
}

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { openings } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  useLiveRevalidation("/events/careers", ["openings"], loaderData.liveFrom);
  const waiting = revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === "/careers");

  return (
    <>
      <PageHeader title="Careers">
        <p>Join a small, senior team that ships products people use every day.</p>
      </PageHeader>
      <div className="container-page py-12">
        <h2 className="section-title">Open positions</h2>
        {waiting ? <LoadingBar label="Loading job openings..." /> : null}
        {openings.length === 0 ? (
          <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
            No active openings at the moment.
          </p>
        ) : (
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {openings.map((o) => (
              <li
                key={o.id}
                className="card-target flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <h3 id={`opening-${o.id}`} className="text-xl font-semibold text-slate-900 dark:text-white">
                  {o.title}
                </h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  <span>{o.location}</span> · <span>{o.type}</span>
                </p>
                <p className="mt-3 line-clamp-2 flex-1 text-slate-700 dark:text-slate-300">{o.description}</p>
                <Link to={`/careers/${o.id}`} className="card-link btn-secondary mt-4 self-start" aria-describedby={`opening-${o.id}`}>
                  View Details
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
