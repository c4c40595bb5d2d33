import { Link } from "react-router";
import { useT } from "./i18n";

export type PagerItem = number | "gap";

/** The pages a pager links: the first, the last and those next to the current one, with gaps between. */
export function pagerItems(page: number, pages: number): PagerItem[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages);
  shown.sort((a, b) => a - b);
  const items: PagerItem[] = [];
  for (const n of shown) {
    const previous = items.at(-1);
    if (typeof previous === "number" && n - previous === 2) items.push(previous + 1);
    else if (typeof previous === "number" && n - previous > 2) items.push("gap");
    items.push(n);
  }
  return items;
}

/**
 * Pages of a list as plain links, so paging works without JavaScript; the current page is marked. On a small screen
 * (under 480 px, spec part 2 §9) only the previous and next links and the current page's number are shown.
 * `texts` is the page's text group with `label`, `previous`, `next` and `page` (with `{{page}}`).
 */
export function Pager({
  page,
  pages,
  pageHref,
  texts,
}: {
  page: number;
  pages: number;
  pageHref: (page: number) => string;
  texts: string;
}) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t(`${texts}.label`)}>
      {page > 1 ? (
        <Link to={pageHref(page - 1)} rel="prev">
          {t(`${texts}.previous`)}
        </Link>
      ) : null}
      <ul className="pagination__pages">
        {pagerItems(page, pages).map((item, i) =>
          item === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item} className={item === page ? "pagination__current" : undefined}>
              <Link
                to={pageHref(item)}
                aria-current={item === page ? "page" : undefined}
                aria-label={t(`${texts}.page`, { page: item })}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <Link to={pageHref(page + 1)} rel="next">
          {t(`${texts}.next`)}
        </Link>
      ) : null}
    </nav>
  );
}
