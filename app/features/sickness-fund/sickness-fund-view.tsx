import { Link } from "react-router";
import type { T } from "~/lib/translate";
import type { Lang } from "~/lib/lang";
import { SICKNESS_FUND_TABS, tabHref, type ContentBlock, type SicknessFundContent, type SicknessFundTab } from "./tabs";

/**
 * The fund's tabs as a list of page links (each tab is a page of its own, so they work without JavaScript); the
 * current one is marked with aria-current. Their names are in the page's language, like the rest of the chrome.
 */
export function SicknessFundTabs({ current, lang, t }: { current: SicknessFundTab; lang: Lang; t: T }) {
  return (
    <nav className="tabs" aria-label={t("sicknessFund.tabsLabel")}>
      <ul className="tabs__list">
        {SICKNESS_FUND_TABS.map(({ id }) => (
          <li key={id} className="tabs__item">
            <Link className="tabs__link" to={tabHref(id, lang)} aria-current={id === current ? "page" : undefined}>
              {t(`sicknessFund.tabs.${id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The tab's Finnish content, marked as Finnish where the page is in another language. */
export function SicknessFundContentView({ content, lang }: { content: SicknessFundContent; lang: Lang }) {
  return (
    <section className="sickness-fund" aria-labelledby="sickness-fund-heading" lang={lang === "fi" ? undefined : "fi"}>
      <h2 id="sickness-fund-heading">{content.heading}</h2>
      {content.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </section>
  );
}

function Block({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case "paragraph":
      return <p>{block.text}</p>;
    case "heading":
      return <h3>{block.text}</h3>;
    case "list":
    case "steps": {
      const List = block.type === "steps" ? "ol" : "ul";
      return (
        <List>
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </List>
      );
    }
    case "question":
      return (
        <details className="disclosure">
          <summary>{block.question}</summary>
          {block.answer.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </details>
      );
    case "compensationTable":
      return (
        // Focusable, so the table can be scrolled sideways from the keyboard on a narrow screen (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable
        <div className="table-scroll" role="region" aria-labelledby="compensation-caption" tabIndex={0}>
          <table className="table">
            <caption id="compensation-caption">{block.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{block.columns.service}</th>
                <th scope="col">{block.columns.deductible}</th>
                <th scope="col">{block.columns.maxCompensation}</th>
                <th scope="col">{block.columns.maxVisits}</th>
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.service}>
                  <th scope="row">{row.service}</th>
                  <td>{row.deductible}</td>
                  <td>{row.maxCompensation}</td>
                  <td>{row.maxVisits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "serviceHours":
      return (
        <ul>
          {block.channels.map((c) => (
            <li key={c.channel}>{`${c.channel}: ${c.hours.join(", ")}`}</li>
          ))}
        </ul>
      );
  }
}
