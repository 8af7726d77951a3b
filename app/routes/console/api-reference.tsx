import { href } from "react-router";
import type { Route } from "./+types/api-reference";
import { SectionError } from "~/components/console/section-error";
import { ApiReference } from "~/components/console/api-reference";
import { openApiDocument } from "~/lib/api/openapi";
import { referenceView } from "~/lib/api/reference";
import { privateMeta } from "~/lib/seo";
import { requireStaff } from "~/server/auth/session.server";
import { getEnv } from "~/server/env.server";

// The API reference for staff (decision 0104): the OpenAPI document read into rows on the server
// and rendered as a plain page, so it adds no script of its own.

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("API reference | Employee Dashboard", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return referenceView(openApiDocument(getEnv().APP_URL));
}

export default function ConsoleApiReference({ loaderData }: Route.ComponentProps) {
  return <ApiReference view={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard")} backLabel="Back to Overview" />;
}
