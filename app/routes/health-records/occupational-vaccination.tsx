import type { Route } from "./+types/occupational-vaccination";
import { sessionState } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { vaccinationLanding, vaccinationPageState } from "~/features/health-records/occupational-vaccination";
import type { TextsHandle } from "~/lib/text-groups";
import type { RouteHandle } from "~/ui/layout";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";

/** An anonymous page type: no menu or footer, the language links only (spec part 2 §2). */
export const handle = {
  hideNavigation: true,
  hideFooter: true,
  i18n: ["vaccinations.occupational"],
} satisfies TextsHandle & RouteHandle;

/**
 * The occupational vaccination landing (main brand only: the children's brand hides it). The state comes from the
 * logged-in user, never a child acted for: the occupational contract is the employee's. It shows no health data.
 */
export function loader({ context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = sessionState(context);
  const user = session.status === "valid" ? session.user : null;
  return vaccinationLanding(vaccinationPageState(user), lang);
}

export default function OccupationalVaccination({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.view === "noContract" || loaderData.view === "noVaccinations") {
    const title = t("vaccinations.occupational.errorTitle");
    return (
      <div className="narrow vaccination-landing">
        <PageTitle title={title} />
        <h1>{title}</h1>
        <p>
          {t(
            loaderData.view === "noContract"
              ? "vaccinations.occupational.noContract"
              : "vaccinations.occupational.noVaccinations",
          )}
        </p>
        <p>
          <a className="button" href={loaderData.backHref}>
            {t("vaccinations.occupational.goBack")}
          </a>
        </p>
      </div>
    );
  }
  const title = t("vaccinations.occupational.title");
  return (
    <div className="narrow vaccination-landing">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {loaderData.view === "login" ? (
        <>
          <p className="lead">{t("vaccinations.occupational.loginIntro")}</p>
          <p>
            <a className="button" href={loaderData.loginHref}>
              {t("vaccinations.occupational.login")}
            </a>
          </p>
        </>
      ) : (
        <>
          <p className="lead">{t("vaccinations.occupational.intro")}</p>
          <p>{t("vaccinations.occupational.influenzaIntro")}</p>
          <p>
            <a className="button" href={loaderData.influenzaHref}>
              {t("vaccinations.occupational.influenza")}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
