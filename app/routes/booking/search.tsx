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
  EmptyResult,
  ResultList,
  SearchErrorPanel,
  SearchStatus,
  TimeTabs,
  freeAppointmentHref,
  listUrl,
} from "~/features/booking/search-results";
import { OccupationalNotice } from "~/features/booking/search-occupational";
import { NO_PROMOS, occupationalPromos } from "~/features/booking/promo";
import { OccupationalPromoBoxes } from "~/features/booking/promo-boxes";
import { cachedSearchList, listExtras, searchListEnabled, searchRange } from "~/features/booking/search.server";
import { cachedFilterOptions } from "~/features/booking/search-filters.server";
import { applyFormChange, occupationalAccess, parseFilters } from "~/features/booking/search";
import { formatDate, helsinkiToday } from "~/lib/format";
import { href, routeIdForPath } from "~/route-table";
import { useAnalytics } from "~/ui/analytics";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";
import type { TextsHandle } from "~/lib/text-groups";
import { customerServicePhone } from "#brands/index";

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
    startDate: searchRange(filters, t).startDate,
    freeDays: list.state === "ok" ? list.freeDays : [],
    path: url.pathname,
    search: url.search,
    freeAppointmentPage: freeAppointmentPageFor(careType, user),
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
  const { filters, extras, path, choices } = loaderData;
  const from = path + loaderData.search;
  const insurance =
    loaderData.careType === "insurance"
      ? { insuranceCompany: extras.insuranceCompany ?? null, reimbursement: extras.reimbursement ?? null }
      : null;
  return (
    <div>
      <PageTitle title={title} />
      <BookingBreadcrumbs current={title} />
      <h1>{title}</h1>
      <OccupationalPromoBoxes promos={loaderData.promos} />
      <SearchFilterForm
        action={path}
        careType={loaderData.careType}
        filters={filters}
        options={choices}
        today={loaderData.today}
        insurance={insurance}
        calendar={{
          now: loaderData.now,
          startDate: loaderData.startDate,
          freeDays: loaderData.freeDays,
          hrefOf: (day) => listUrl(path, { ...filters, startDate: day, offset: 0 }, extras),
        }}
      />
      <section aria-labelledby="search-results-heading">
        <h2 id="search-results-heading">
          {t("booking.search.resultsFrom", { date: formatDate(new Date(`${loaderData.startDate}T12:00:00Z`), lang) })}
        </h2>
        <TimeTabs path={path} filters={filters} extras={extras} />
        <SearchStatus />
        {loaderData.list.state === "error" && loaderData.careType === "occupational" ? (
          <OccupationalNotice access={{ type: "unknown" }} phone={loaderData.phone} />
        ) : loaderData.list.state === "error" ? (
          <SearchErrorPanel phone={loaderData.phone} retryHref={from} />
        ) : loaderData.list.result.appointments.length ? (
          <ResultList
            appointments={loaderData.list.result.appointments}
            hasMore={loaderData.list.result.hasMore}
            now={loaderData.now}
            path={path}
            filters={filters}
            extras={extras}
            linkOf={(a) => freeAppointmentHref(loaderData.freeAppointmentPage, lang, a.id, from, extras)}
          />
        ) : (
          <EmptyResult alternatives={loaderData.list.alternatives!} path={path} filters={filters} extras={extras} />
        )}
      </section>
    </div>
  );
}
