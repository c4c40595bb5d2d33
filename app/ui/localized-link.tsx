import { Link, type LinkProps } from "react-router";
import { href, type RouteId } from "~/route-table";
import { useLang } from "./root-data";

/** A link to a page of the route table, in the current language unless `lang` is given. */
export function LocalizedLink({
  to,
  params,
  query,
  lang,
  ...rest
}: Omit<LinkProps, "to"> & {
  to: RouteId;
  params?: Record<string, string | number>;
  query?: Record<string, string | undefined>;
  lang?: import("~/lib/lang").Lang;
}) {
  const current = useLang();
  return <Link to={href(to, lang ?? current, params, query)} {...rest} />;
}
