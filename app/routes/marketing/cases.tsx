import { Link } from "react-router";
import type { Route } from "./+types/cases";
import { PageHeader } from "~/components/page-header";
import { CaseStudyArticle } from "~/components/site/case-study";
import { seo } from "~/lib/seo";
import { pageDescription, pageIntros, publishedCaseStudies } from "~/server/models/site/pages.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return seo({
    title: "Case Studies",
    description: loaderData?.description ?? "",
    path: "/cases",
    matches,
  });
}

export async function loader() {
  const [caseStudies, intros, description] = await Promise.all([publishedCaseStudies(), pageIntros(), pageDescription("cases")]);
  return { caseStudies, intro: intros.cases, description };
}

export default function Cases({ loaderData }: Route.ComponentProps) {
  const { caseStudies, intro } = loaderData;
  return (
    <>
      <PageHeader title="Case Studies">{intro ? <p>{intro}</p> : null}</PageHeader>
      <div className="container-page space-y-16 py-12">
        {caseStudies.length === 0 ? (
          <p className="text-lg text-slate-700 dark:text-slate-300">
            Case studies are on their way. <Link to="/quote">Ask us</Link> about the work we have done in your field.
          </p>
        ) : (
          caseStudies.map((study, i) => <CaseStudyArticle key={study.id} study={study} index={i} />)
        )}
      </div>
    </>
  );
}
