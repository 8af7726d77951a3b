import { Link } from "react-router";
import type { Route } from "./+types/employee-login";
import { PageHeader } from "~/components/page-header";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Employee Login" }, { name: "robots", content: "noindex" }];
}

// Staff sign-in arrives with issue 4; the hidden shortcut already leads here.
export default function EmployeeLogin() {
  return (
    <>
      <PageHeader title="Employee Login">
        <p>Staff sign-in with a company e-mail opens here shortly.</p>
      </PageHeader>
      <div className="container-page py-12">
        <Link to="/" className="btn-secondary">
          Back to Home
        </Link>
      </div>
    </>
  );
}
