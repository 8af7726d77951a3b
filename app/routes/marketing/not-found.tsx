import { redirect } from "react-router";

// SPEC §2: any other path redirects to /.
export function loader() {
  throw redirect("/");
}

export function action() {
  throw redirect("/");
}

export default function NotFound() {
  return null;
}
