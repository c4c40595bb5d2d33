import { initials } from "~/ui/practitioner-avatar";
import { formatDate } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import type { T } from "~/lib/translate";
import { LocalizedLink } from "~/ui/localized-link";
import type { TeamMember } from "./team.server";

/** An ISO calendar date as the portal shows dates (Helsinki). */
function day(iso: string, lang: Lang): string {
  return formatDate(new Date(`${iso}T12:00:00Z`), lang);
}

/** One group of the team (responsible doctors, responsible nurses, others) as a section with its own heading. */
export function TeamSection({
  id,
  heading,
  members,
  canBook,
  t,
  lang,
}: {
  id: string;
  heading: string;
  members: TeamMember[];
  canBook: boolean;
  t: T;
  lang: Lang;
}) {
  if (members.length === 0) return null;
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {heading}
      </h2>
      <ul className="item-list">
        {members.map((m) => (
          <li key={m.id} data-practitioner={m.id}>
            <div className="practitioner">
              {/* Decorative: the name is next to it. */}
              <span className="avatar avatar--initials" aria-hidden="true">
                {initials(m.name)}
              </span>
              <div>
                <h3>{m.name}</h3>
                <p className="muted">{m.title}</p>
              </div>
            </div>
            {m.absence ? (
              <p>
                <strong>
                  {t("occupationalTeam.absent", {
                    start: day(m.absence.startDate, lang),
                    end: day(m.absence.endDate, lang),
                  })}
                </strong>
                {m.absence.substituteName ? (
                  <>
                    <br />
                    {t("occupationalTeam.substitute", { name: m.absence.substituteName })}
                  </>
                ) : null}
              </p>
            ) : null}
            {canBook ? (
              <p>
                {/* The label names the practitioner: every member has a link of the same visible words. */}
                <LocalizedLink
                  to="occupationalBooking"
                  query={{ practitionerIds: m.id }}
                  aria-label={t("occupationalTeam.bookWith", { name: m.name })}
                >
                  {t("occupationalTeam.book")}
                </LocalizedLink>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
