import { useEffect, useRef } from "react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/search";
import { now } from "~/.server/clock";
import { requestInfo, sessionState } from "~/.server/context";
import { db } from "~/.server/db/client";
import { getLang, serverT } from "~/.server/i18n";
import { careTypeOfRoute, freeAppointmentPageFor } from "~/features/booking/care-type";
import { BookingBreadcrumbs } from "~/features/booking/search-breadcrumbs";
import { SearchFilterForm } from "~/features/booking/search-filters";
import {
  ResultList,
  SearchStatus,
  TimeTabs,
  listUrl,
  type ListHref,
  type ResultDay,
} from "~/features/booking/search-results";
import { ListWithoutResults as ListWithoutResultsOnServer } from "~/features/booking/search-states";
import {
  OccupationalNoticePage as OccupationalNoticePageOnServer,
  OccupationalPromoBoxes as PromoBoxesOnServer,
} from "~/features/booking/search-occupational";
import { NO_PROMOS, occupationalPromos } from "~/features/booking/promo";
import {
  cachedSearchList,
  listExtras,
  searchListEnabled,
  searchRange,
  type SearchListState,
} from "~/features/booking/search.server";
import { cachedFilterOptions, clinicGroups } from "~/features/booking/search-filters.server";
import { PAGE_SIZE, applyFormChange, groupByDay, occupationalAccess, parseFilters } from "~/features/booking/search";
import { formatCalendarDate, formatDate, formatDateTime, formatTime, helsinkiToday } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import { href, routeIdForPath } from "~/route-table";
import { useAnalytics, type AnalyticsEvent } from "~/ui/analytics";
import { lazyPart } from "~/ui/lazy-part";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";
import type { TextsHandle } from "~/lib/text-groups";
import type { T } from "~/lib/translate";
import { customerServicePhone } from "#brands/index";

// Shown on few searches (an empty or failed list, an occupational contract's special cases and promos): the browser
// loads each when the page shows it.
const ListWithoutResults = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? ListWithoutResultsOnServer : null, () =>
  import("~/features/booking/search-states").then((m) => m.ListWithoutResults),
);
const loadOccupational = () => import("~/features/booking/search-occupational");
const OccupationalNoticePage = /* @__PURE__ */ lazyPart(
  import.meta.env.SSR ? OccupationalNoticePageOnServer : null,
  () => loadOccupational().then((m) => m.OccupationalNoticePage),
);
const OccupationalPromoBoxes = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? PromoBoxesOnServer : null, () =>
  loadOccupational().then((m) => m.OccupationalPromoBoxes),
);

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["booking", "insurance"] } satisfies TextsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const { brand, environment } = requestInfo(context);
  const url = new URL(request.url);
  const careType = careTypeOfRoute(routeIdForPath(url.pathname) ?? "privateBooking");
  if (!searchListEnabled(careType, brand, environment)) throw data(null, { status: 404 });

  // A no-JavaScript form submit: apply the §4 change rules, then show the clean, shareable URL.
  const changed = applyFormChange(url.searchParams, careType);
  const extras = listExtras(url.searchParams, careType);
  if (changed) throw redirect(listUrl(url.pathname, changed, extras));

  const session = sessionState(context);
  const person = session.status === "valid" ? session.actingPerson : null;
  const user = session.status === "valid" && !!session.user;
  const phone = customerServicePhone(brand, environment);
  if (careType === "occupational") {
    if (!person) throw redirect(href("occupationalLanding", lang) + url.search);
    const access = occupationalAccess(person);
    if (access.type !== "ok") return { careType, notice: access, phone, lang } as const;
  }
  // The contract's chat and phone-service promos, where an occupational customer books (the page hides them in a
  // booking started from the mobile app).
  const promos = careType === "occupational" && person ? occupationalPromos(person) : NO_PROMOS;

  const { filters } = parseFilters(url.searchParams);
  const t = now();
  const options = { lang, brand, now: t };
  const [list, choices] = await Promise.all([
    cachedSearchList(db(), filters, careType, options, request.signal),
    cachedFilterOptions(db(), careType, lang, brand, t).catch(() => ({
      specialties: [],
      practitioners: [],
      clinics: [],
    })),
  ]);
  const startDate = searchRange(filters, t).startDate;
  const freeDays = list.state === "ok" ? list.freeDays : [];
  const first = list.state === "ok" ? list.result.appointments[0] : undefined;
  return {
    careType,
    notice: null,
    phone,
    promos,
    lang,
    filters,
    extras,
    choices: {
      specialties: choices.specialties,
      practitioners: choices.practitioners,
      clinicGroups: clinicGroups(choices.clinics, serverT(context)),
    },
    list,
    // The analytics event of the search (sent once the page shows it), made here: the browser only sends it.
    searchEvent:
      list.state === "ok"
        ? ({
            event: "search",
            clinics: filters.clinicIds,
            specialty: filters.specialtyIds[0] ?? null,
            practitioners: filters.practitionerIds,
            resultCount: list.result.appointments.length,
            hoursToStart: first ? Math.round((Date.parse(first.startDate) - t.getTime()) / 3_600_000) : null,
          } satisfies AnalyticsEvent)
        : null,
    now: t.toISOString(),
    today: helsinkiToday(t),
    startDate,
    freeDays,
    ...shownDates(startDate, freeDays, list, t, lang, serverT(context)),
    path: url.pathname,
    search: url.search,
    freeAppointmentPage: freeAppointmentPageFor(careType, user),
  };
}

/**
 * The page's dates, times and result lines as it shows them, formatted here so that the browser needs no date
 * formatting for the page: the list's start date, the names of the days it links to or lists (free days, results,
 * next month's days), the results' lines and the nearby clinics' first free times.
 */
function shownDates(startDate: string, freeDays: string[], list: SearchListState, now: Date, lang: Lang, t: T) {
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);
  const ok = list.state === "ok" ? list : null;
  const label = (day: string) => formatCalendarDate(noon(day), now, lang);
  const days: ResultDay[] = groupByDay(ok?.result.appointments ?? []).map((group) => ({
    day: group.day,
    label: label(group.day),
    appointments: group.appointments.map((a) => ({
      id: a.id,
      time: formatTime(new Date(a.startDate), lang),
      duration: t("booking.search.duration", { minutes: a.durationMinutes }),
      practitioner: { name: a.practitioner.name, title: a.practitioner.title },
      specialty: a.specialty.name,
      where: a.isRemote ? t(`booking.search.location.${a.locationType}`) : a.clinic.name,
      requiresAuth: a.requiresAuthToReserve ? ` · ${t("booking.search.requiresAuth")}` : null,
    })),
  }));
  const named = [...freeDays, ...(ok?.alternatives?.nextDates ?? [])];
  return {
    startDateLabel: formatDate(noon(startDate), lang),
    dayLabels: Object.fromEntries(named.map((day) => [day, label(day)])),
    days,
    firstFreeLabels: Object.fromEntries(
      (ok?.alternatives?.nearbyClinics ?? []).map((c) => [c.clinicId, formatDateTime(new Date(c.firstFree), lang)]),
    ),
  };
}

export default function BookingSearch({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const title = t(`booking.search.title.${loaderData.careType}`);
  const analytics = useAnalytics();
  const sent = useRef<string | null>(null);
  const event = loaderData.notice ? null : loaderData.searchEvent;
  const key = loaderData.notice ? null : loaderData.search;

  useEffect(() => {
    if (!event || sent.current === key) return;
    sent.current = key;
    analytics(event);
  }, [key, event, analytics]);

  if (loaderData.notice)
    return <OccupationalNoticePage title={title} access={loaderData.notice} phone={loaderData.phone} />;
  const { filters, extras, path, choices, promos } = loaderData;
  const from = path + loaderData.search;
  const listHref: ListHref = (change) => listUrl(path, { ...filters, offset: 0, ...change }, extras);
  return (
    <div>
      <PageTitle title={title} />
      <BookingBreadcrumbs current={title} />
      <h1>{title}</h1>
      {promos.phoneService || promos.chat ? <OccupationalPromoBoxes promos={promos} /> : null}
      <SearchFilterForm
        action={path}
        careType={loaderData.careType}
        filters={filters}
        options={choices}
        today={loaderData.today}
        insurance={loaderData.careType === "insurance" ? extras : null}
        calendar={{
          now: loaderData.now,
          startDate: loaderData.startDate,
          freeDays: loaderData.freeDays,
          labelOf: (day) => loaderData.dayLabels[day],
          hrefOf: (day) => listHref({ startDate: day }),
        }}
      />
      <section aria-labelledby="search-results-heading">
        <h2 id="search-results-heading">{t("booking.search.resultsFrom", { date: loaderData.startDateLabel })}</h2>
        <TimeTabs time={filters.time} listHref={listHref} />
        <SearchStatus />
        {loaderData.list.state === "ok" && loaderData.list.result.appointments.length ? (
          <ResultList
            days={loaderData.days}
            moreHref={loaderData.list.result.hasMore ? listHref({ offset: filters.offset + PAGE_SIZE }) : null}
            linkOf={(a) => href(loaderData.freeAppointmentPage, lang, { id: a.id }, { ...extras, from })}
          />
        ) : (
          <ListWithoutResults
            list={loaderData.list}
            careType={loaderData.careType}
            phone={loaderData.phone}
            retryHref={from}
            dayLabels={loaderData.dayLabels}
            firstFreeLabels={loaderData.firstFreeLabels}
            listHref={listHref}
          />
        )}
      </section>
    </div>
  );
}
