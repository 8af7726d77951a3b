import { Link } from "react-router";
import type { Route } from "./+types/login";
import { PageHeader } from "~/components/page-header";
import { baseUrlFrom, seo } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "Login / Register",
    description: "Sign in to the client portal to follow your projects and raise support requests.",
    path: "/login",
    baseUrl: baseUrlFrom(matches),
  });
}

// Accounts arrive with issue 4; the route exists so navigation and links already work.
export default function Login() {
  return (
    <>
      <PageHeader title="Login / Register">
        <p>The client portal is being set up. Client sign-in opens here shortly.</p>
      </PageHeader>
      <div className="container-page py-12">
        <Link to="/" className="btn-secondary">
          Back to Home
        </Link>
      </div>
    </>
  );
}
