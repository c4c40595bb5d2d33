import { useEffect, useRef } from "react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/search";
import { now } from "~/.server/clock";
import { requestInfo, sessionState } from "~/.server/context";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { careTypeOfRoute, freeAppointmentPageFor } from "~/features/booking/care-type";
import { BookingBreadcrumbs } from "~/features/booking/search-breadcrumbs";
import { SearchFilterForm } from "~/features/booking/search-filters";
import {
  ResultList,
  SearchStatus,
  TimeTabs,
  freeAppointmentHref,
  listUrl,
  type ListHref,
  type ResultDay,
} from "~/features/booking/search-results";
import {
  EmptyResult as EmptyResultOnServer,
  SearchErrorPanel as SearchErrorPanelOnServer,
} from "~/features/booking/search-states";
import {
  OccupationalNotice as OccupationalNoticeOnServer,
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
import { cachedFilterOptions } from "~/features/booking/search-filters.server";
import { PAGE_SIZE, applyFormChange, groupByDay, occupationalAccess, parseFilters } from "~/features/booking/search";
import { formatCalendarDate, formatDate, formatDateTime, formatTime, helsinkiToday } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import { href, routeIdForPath } from "~/route-table";
import { useAnalytics } from "~/ui/analytics";
import { lazyPart } from "~/ui/lazy-part";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";
import type { TextsHandle } from "~/lib/text-groups";
import { customerServicePhone } from "#brands/index";

// Shown on few searches (an empty or failed list, an occupational contract's special cases and promos): the browser
// loads each when the page shows it.
const EmptyResult = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? EmptyResultOnServer : null, () =>
  import("~/features/booking/search-states").then((m) => m.EmptyResult),
);
const SearchErrorPanel = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? SearchErrorPanelOnServer : null, () =>
  import("~/features/booking/search-states").then((m) => m.SearchErrorPanel),
);
const OccupationalNotice = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? OccupationalNoticeOnServer : null, () =>
  import("~/features/booking/search-occupational").then((m) => m.OccupationalNotice),
);
const OccupationalPromoBoxes = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? PromoBoxesOnServer : null, () =>
  import("~/features/booking/search-occupational").then((m) => m.OccupationalPromoBoxes),
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
  return {
    careType,
    notice: null,
    phone,
    promos,
    lang,
    filters,
    extras,
    choices,
    list,
    now: t.toISOString(),
    today: helsinkiToday(t),
    startDate,
    freeDays,
    ...shownDates(startDate, freeDays, list, t, lang),
    path: url.pathname,
    search: url.search,
    freeAppointmentPage: freeAppointmentPageFor(careType, user),
  };
}

/**
 * The page's dates and times as it shows them, formatted here so that the browser needs no date formatting for the
 * page: the list's start date, the names of the days it links to or lists (free days, results, next month's days),
 * the results' times and the nearby clinics' first free times.
 */
function shownDates(startDate: string, freeDays: string[], list: SearchListState, now: Date, lang: Lang) {
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);
  const ok = list.state === "ok" ? list : null;
  const days: ResultDay[] = groupByDay(ok?.result.appointments ?? []).map((group) => ({
    day: group.day,
    appointments: group.appointments.map((a) => ({ ...a, time: formatTime(new Date(a.startDate), lang) })),
  }));
  const named = [...freeDays, ...days.map((d) => d.day), ...(ok?.alternatives?.nextDates ?? [])];
  return {
    startDateLabel: formatDate(noon(startDate), lang),
    dayLabels: Object.fromEntries(named.map((day) => [day, formatCalendarDate(noon(day), now, lang)])),
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
  const list = loaderData.notice ? null : loaderData.list;
  const key = loaderData.notice ? null : loaderData.search;

  useEffect(() => {
    if (!list || list.state !== "ok" || loaderData.notice || sent.current === key) return;
    sent.current = key;
    const f = loaderData.filters;
    const first = list.result.appointments[0];
    analytics({
      event: "search",
      clinics: f.clinicIds,
      specialty: f.specialtyIds[0] ?? null,
      practitioners: f.practitionerIds,
      resultCount: list.result.appointments.length,
      hoursToStart: first ? Math.round((Date.parse(first.startDate) - Date.parse(loaderData.now)) / 3_600_000) : null,
    });
  }, [key, list, analytics, loaderData]);

  if (loaderData.notice) {
    return (
      <div>
        <PageTitle title={title} />
        <BookingBreadcrumbs current={title} />
        <h1>{title}</h1>
        <OccupationalNotice access={loaderData.notice} phone={loaderData.phone} />
      </div>
    );
  }
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
        {loaderData.list.state === "error" && loaderData.careType === "occupational" ? (
          <OccupationalNotice access={{ type: "unknown" }} phone={loaderData.phone} />
        ) : loaderData.list.state === "error" ? (
          <SearchErrorPanel phone={loaderData.phone} retryHref={from} />
        ) : loaderData.list.result.appointments.length ? (
          <ResultList
            days={loaderData.days}
            dayLabels={loaderData.dayLabels}
            moreHref={loaderData.list.result.hasMore ? listHref({ offset: filters.offset + PAGE_SIZE }) : null}
            linkOf={(a) => freeAppointmentHref(loaderData.freeAppointmentPage, lang, a.id, from, extras)}
          />
        ) : (
          <EmptyResult
            alternatives={loaderData.list.alternatives!}
            dayLabels={loaderData.dayLabels}
            firstFreeLabels={loaderData.firstFreeLabels}
            listHref={listHref}
          />
        )}
      </section>
    </div>
  );
}
