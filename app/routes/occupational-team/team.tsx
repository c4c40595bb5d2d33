import { PhoneLink } from "~/ui/phone-link";
import { data } from "react-router";
import type { Route } from "./+types/team";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { occupationalAccess } from "~/features/booking/search";
import { offeredCareTypes } from "~/features/booking/search.server";
import { TeamSection } from "~/features/occupational-team/team-view";
import { loadTeamPage } from "~/features/occupational-team/team.server";
import { requireUser } from "~/.server/guards";
import type { TextsHandle } from "~/lib/text-groups";
import { ErrorView } from "~/ui/lazy-error-view";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";
import { useLang } from "~/ui/root-data";
import { customerServicePhone } from "#brands/index";

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["occupationalTeam"] } satisfies TextsHandle;

/**
 * The employer's occupational-health team (spec part 1 §2, §3 "Occupational info"). The children's brand has no
 * such page (its `hiddenPages`, answered 404 by the middleware).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  // The logged-in user's own contract, as in the menu: a guardian acting for a child still has their own team.
  const person = session.user;
  if (!person.hasOccupationalCare) throw data(null, { status: 404 });

  const { brand, environment } = requestInfo(context);
  const page = await loadTeamPage(db(), person.id, lang, now());
  if (page.state === "error") return data({ ...page, canBook: false, phone: null }, { status: 503 });
  // Booking links only where the contract includes web reservation; otherwise the number to call.
  const access = occupationalAccess(person);
  const canBook = access.type === "ok" && offeredCareTypes(brand, environment).includes("occupational");
  const phone = canBook
    ? null
    : access.type === "phoneService"
      ? access.phone
      : customerServicePhone(brand, environment);
  return { ...page, canBook, phone };
}

export default function OccupationalTeamPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  if (loaderData.state === "error") return <ErrorView kind="generic" retry title={t("occupationalTeam.error")} />;
  const { team, canBook, phone } = loaderData;
  const title = t("occupationalTeam.title");
  return (
    <div className="narrow-wide">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {team ? (
        <>
          <p className="lead">{t("occupationalTeam.employer", { name: team.employerName })}</p>
          <p>{t("occupationalTeam.intro")}</p>
          {phone ? (
            <p>
              {t("occupationalTeam.bookByPhone")} <PhoneLink phone={phone} />
            </p>
          ) : null}
          {(
            [
              ["team-doctors", "occupationalTeam.doctors", team.responsibleDoctors],
              ["team-nurses", "occupationalTeam.nurses", team.responsibleNurses],
              ["team-others", "occupationalTeam.others", team.otherMembers],
            ] as const
          ).map(([id, heading, members]) => (
            <TeamSection key={id} id={id} heading={t(heading)} members={members} canBook={canBook} t={t} lang={lang} />
          ))}
        </>
      ) : (
        <p>{t("occupationalTeam.noTeam")}</p>
      )}
    </div>
  );
}
