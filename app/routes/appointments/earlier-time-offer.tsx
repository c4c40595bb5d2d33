import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/earlier-time-offer";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { flashCookie } from "~/.server/flash";
import { getLang } from "~/.server/i18n";
import {
  declineEarlierTime,
  earlierTimeOffer,
  takeEarlierTime,
  type OfferedSlot,
} from "~/features/appointments/earlier-time-offer.server";
import { requireUser } from "~/.server/guards";
import { formatDateTime, formatTime } from "~/lib/format";
import type { TextsHandle } from "~/lib/text-groups";
import { href } from "~/route-table";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";
import { useLang } from "~/ui/root-data";

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["appointments"] } satisfies TextsHandle;

// The offer SMS's link: an unknown token and another person's offer are not found alike.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const offer = await earlierTimeOffer(session, params.token, now(), lang);
  if (!offer) throw data(null, { status: 404 });
  return offer;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const intent = (await readForm(request)).get("intent");
  if (intent !== "take" && intent !== "decline") throw data(null, { status: 400 });
  const result =
    intent === "take"
      ? await takeEarlierTime(session, params.token, now())
      : await declineEarlierTime(session, params.token, now());
  if (result.type === "notFound") throw data(null, { status: 404 });
  // A used or expired link: the page says so.
  if (result.type === "used" || result.type === "expired") throw redirect(new URL(request.url).pathname);
  const flash =
    result.type === "moved"
      ? flashCookie({ type: "success", key: "appointments.earlierTime.offer.moved" })
      : result.type === "declined"
        ? flashCookie({ type: "info", key: "appointments.earlierTime.offer.declined" })
        : flashCookie({ type: "error", key: "appointments.earlierTime.offer.unavailable" });
  throw redirect(href("appointment", lang, { ids: result.appointmentId }), { headers: { "Set-Cookie": flash } });
}

function SlotSummary({ slot }: { slot: OfferedSlot }) {
  const t = useT();
  const lang = useLang();
  return (
    <dl className="summary-list">
      <div className="summary-list__row">
        <dt>{t("appointments.earlierTime.offer.when")}</dt>
        <dd>
          {formatDateTime(new Date(slot.startsAt), lang)} (
          {t("appointments.details.duration", { minutes: slot.durationMinutes })})
        </dd>
      </div>
      <div className="summary-list__row">
        <dt>{t("appointments.earlierTime.offer.service")}</dt>
        <dd>{slot.service}</dd>
      </div>
      <div className="summary-list__row">
        <dt>{t("appointments.earlierTime.offer.professional")}</dt>
        <dd>{slot.practitioner}</dd>
      </div>
      <div className="summary-list__row">
        <dt>{t("appointments.earlierTime.offer.place")}</dt>
        <dd>{slot.remote ? t("appointments.earlierTime.offer.remote") : slot.place}</dd>
      </div>
    </dl>
  );
}

export default function EarlierTimeOffer({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  if (loaderData.state !== "open") {
    const title = t(`appointments.earlierTime.offer.${loaderData.state}Title`);
    return (
      <div className="narrow-wide">
        <PageTitle title={title} />
        <h1>{title}</h1>
        <p>{t(`appointments.earlierTime.offer.${loaderData.state}Body`)}</p>
        <p>
          <LocalizedLink to="appointments">{t("appointments.earlierTime.offer.allAppointments")}</LocalizedLink>
        </p>
      </div>
    );
  }
  const title = t("appointments.earlierTime.offer.title");
  return (
    <div className="narrow-wide">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p>{t("appointments.earlierTime.offer.intro", { time: formatTime(new Date(loaderData.expiresAt), lang) })}</p>
      <section className="card" aria-labelledby="offered-heading">
        <h2 id="offered-heading" className="card__title">
          {t("appointments.earlierTime.offer.offered")}
        </h2>
        <SlotSummary slot={loaderData.offered} />
      </section>
      <section className="card" aria-labelledby="current-heading">
        <h2 id="current-heading" className="card__title">
          {t("appointments.earlierTime.offer.current")}
        </h2>
        <SlotSummary slot={loaderData.current} />
      </section>
      <Form method="post" className="button-row">
        <CsrfField />
        <button type="submit" name="intent" value="take" className="button">
          {t("appointments.earlierTime.offer.take")}
        </button>
        <button type="submit" name="intent" value="decline" className="button button--secondary">
          {t("appointments.earlierTime.offer.decline")}
        </button>
      </Form>
    </div>
  );
}
