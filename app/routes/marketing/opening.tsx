import { data, Link, useNavigate } from "react-router";
import type { Route } from "./+types/opening";
import { OpeningUnavailable } from "~/components/opening-unavailable";
import { jobPostingJsonLd } from "~/lib/job-posting";
import { serializeJsonLd } from "~/lib/organization-jsonld";
import { seo } from "~/lib/seo";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { getBrand } from "~/server/brand/brand.server";
import { getEnv } from "~/server/env.server";
import { liveSince } from "~/server/events/sse.server";
import { findOpening } from "~/server/models/pipeline/openings.server";
import { brandLogos } from "~/server/models/site/logo.server";

export async function loader({ params }: Route.LoaderArgs) {
  const liveFrom = liveSince(["opening.changed"]);
  const opening = await findOpening(params.id);
  if (!opening) return data({ state: "missing" as const, opening: null }, { status: 404 });
  if (opening.status === "closed") return data({ state: "closed" as const, opening: null }, { status: 410 });
  // schema.org JobPosting, for open openings only.
  const brand = await getBrand();
  const logo = await brandLogos(brand);
  return { state: "open" as const, opening, jobPosting: jobPostingJsonLd(opening, getEnv().APP_URL, brand, logo), liveFrom };
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const opening = loaderData?.opening;
  if (!opening) return [{ title: "Job opening unavailable" }, { name: "robots", content: "noindex" }];
  return seo({
    title: `${opening.title} (${opening.location})`,
    description: opening.description.slice(0, 155),
    path: `/careers/${params.id}`,
    matches,
  });
}

export default function OpeningDetail({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  useLiveRevalidation("/events/careers", ["openings"], "liveFrom" in loaderData ? loaderData.liveFrom : undefined);
  const { opening } = loaderData;
  if (!opening) return <OpeningUnavailable reason={loaderData.state === "closed" ? "closed" : "missing"} />;

  // SPEC §2: "Back to Openings" goes back one step; a visitor who landed here directly goes to the list.
  function back() {
    if (window.history.state && window.history.state.idx > 0) void navigate(-1);
    else void navigate("/careers");
  }

  return (
    <article className="container-page max-w-3xl py-12">
      <button type="button" onClick={back} className="btn-secondary">
        Back to Openings
      </button>
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">{opening.title}</h1>
      <dl className="mt-4 grid gap-3 text-slate-700 sm:grid-cols-3 dark:text-slate-300">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Location</dt>
          <dd className="font-medium">{opening.location}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Type</dt>
          <dd className="font-medium">{opening.type}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Salary</dt>
          <dd className="font-medium">{opening.salary || "Competitive"}</dd>
        </div>
      </dl>
      <h2 className="mt-8 text-2xl font-bold text-slate-900 dark:text-white">About the role</h2>
      <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-700 dark:text-slate-300">{opening.description}</p>
      {opening.requirements.length > 0 ? (
        <>
          <h2 className="mt-8 text-2xl font-bold text-slate-900 dark:text-white">Requirements</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
            {opening.requirements.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      ) : null}
      <Link to={`/apply/${opening.id}`} className="btn-primary mt-10 px-6 py-3 text-base">
        Apply Now
      </Link>
      {"jobPosting" in loaderData ? (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(loaderData.jobPosting) }} />
      ) : null}
    </article>
  );
}
