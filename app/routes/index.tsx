import { redirect } from "react-router";
import { href } from "~/route-table";
import { DEFAULT_LANG } from "~/lib/lang";

// "/" has no language: the default language's front page.
export function loader() {
  return redirect(href("home", DEFAULT_LANG));
}
