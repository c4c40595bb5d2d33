import type { Route } from "./+types/questionnaires";
import { questionnaireListLoader } from "./pages.server";
import { OutOfUseNotice, QuestionnaireList } from "~/features/questionnaires/questionnaire-views";
import type { TextsHandle } from "~/lib/text-groups";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";

export const handle = { i18n: ["questionnaires"] } satisfies TextsHandle;

/** The acting person's questionnaires (spec part 2 §2): open tasks and answers; out of use in maintenance. */
export function loader(args: Route.LoaderArgs) {
  return questionnaireListLoader(args);
}

export default function Questionnaires({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = t("questionnaires.list.title");
  return (
    <div className="narrow-wide">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {loaderData.state === "maintenance" ? (
        <OutOfUseNotice t={t} />
      ) : (
        <>
          <p className="lead">{t("questionnaires.list.intro")}</p>
          <QuestionnaireList open={loaderData.open} answered={loaderData.answered} t={t} />
        </>
      )}
    </div>
  );
}
