import type { Route } from "./+types/prescriptions";
import { RenewalNotice as RenewalNoticeOnServer } from "~/features/prescriptions/notices";
import { PrescriptionList, checkboxId } from "~/features/prescriptions/prescription-list";
import { prescriptionsLoader } from "./pages.server";
import type { TextsHandle } from "~/lib/text-groups";
import { ErrorSummary } from "~/ui/form";
import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";
import { PageTitle } from "~/ui/page-title";

// Shown to few (messaging in maintenance, a person who cannot renew online): loaded when shown.
const RenewalNotice = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? RenewalNoticeOnServer : null, () =>
  import("~/features/prescriptions/notices").then((m) => m.RenewalNotice),
);

// The prescriptions' derived lines and dates come in words from the loader: no `prescriptions.line` texts here.
export const handle = {
  i18n: ["prescriptions.list", "prescriptions.cart", "prescriptions.notices"],
} satisfies TextsHandle;

/**
 * The acting person's prescriptions (spec part 2 §2 "Prescriptions and renewal"). The selection's GET form comes
 * back here: the loader sends the chosen ids on to the renewal page.
 */
export function loader(args: Route.LoaderArgs) {
  return prescriptionsLoader(args);
}

export default function Prescriptions({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = t("prescriptions.list.title");
  const { prescriptions, renewal, nothingChosen } = loaderData;
  const firstRenewable = prescriptions.find((p) => p.isRenewable);
  const errors =
    nothingChosen && firstRenewable
      ? [{ id: checkboxId(firstRenewable.id), message: t("prescriptions.list.nothingChosen") }]
      : [];
  // The maintenance banner always; that this person cannot renew online only when something could be renewed.
  const notice = renewal === "maintenance" || (renewal === "unavailable" && firstRenewable) ? renewal : null;
  return (
    <div className="narrow-wide">
      <PageTitle title={title} hasErrors={errors.length > 0} />
      <ErrorSummary
        errors={errors}
        fieldOrder={prescriptions.filter((p) => p.isRenewable).map((p) => checkboxId(p.id))}
      />
      <h1>{title}</h1>
      {notice ? <RenewalNotice state={notice} /> : null}
      <p className="lead">{t("prescriptions.list.intro")}</p>
      <PrescriptionList page={loaderData} />
    </div>
  );
}
