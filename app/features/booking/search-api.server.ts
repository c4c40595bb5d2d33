import { data, type RouterContextProvider } from "react-router";
import { validationError } from "~/.server/api";
import { requestInfo, sessionState } from "~/.server/context";
import { isLang, type Lang } from "~/lib/lang";
import type { CareType } from "./care-type";
import { isIsoDate, occupationalAccess, parseFilters, type SearchFilters } from "./search";
import { careTypeOfFlags, hasFeature } from "./search.server";

type Invalid = { response: ReturnType<typeof data> };
const invalid = (paths: string[]): Invalid => ({ response: validationError(paths.map((path) => ({ path, message: `Invalid ${path}` }))) });

/** The `lang` parameter of an API call (default Finnish); null when it is not a portal language. */
export function apiLang(request: Request): Lang | null {
  const lang = new URL(request.url).searchParams.get("lang");
  if (lang === null || lang === "") return "fi";
  return isLang(lang) ? lang : null;
}

/** The `id` parameter of an API call, or the 400 answer. */
export function apiId(request: Request): string | ReturnType<typeof data> {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) return validationError([{ path: "id", message: "Invalid id" }]);
  return id;
}

/**
 * The common opening of the search calls: filters, end date, language and the care-type flags, validated (any bad
 * value answers 400, never 500). Occupational searches need a logged-in person whose contract allows web reservation;
 * 65+ and occupational need their features.
 */
export function apiSearchRequest(
  request: Request,
  context: Readonly<RouterContextProvider>,
  timeKey: "time" | "timeOfDay" = "time",
): { filters: SearchFilters; careType: CareType; lang: Lang; endDate: string | null } | Invalid {
  const params = new URL(request.url).searchParams;
  if (timeKey === "timeOfDay" && params.has("timeOfDay")) params.set("time", params.get("timeOfDay")!);
  const { filters, invalid: bad } = parseFilters(params);
  const endDate = params.get("endDate") || null;
  if (endDate && (!isIsoDate(endDate) || (filters.startDate && endDate < filters.startDate))) bad.push("endDate");
  const lang = apiLang(request);
  if (!lang) bad.push("lang");
  const careType = careTypeOfFlags(params);
  if (careType === "invalid") bad.push("flags");
  if (bad.length || !lang || careType === "invalid") return invalid(bad);

  const { brand, environment } = requestInfo(context);
  if (careType === "kela65" && !hasFeature(brand, environment, "kela65")) return { response: data({ type: "NotFound" }, { status: 404 }) };
  if (careType === "occupational") {
    if (brand.hiddenPages.includes("occupationalBooking") || !hasFeature(brand, environment, "ohc-appointment-search"))
      return { response: data({ type: "NotFound" }, { status: 404 }) };
    const session = sessionState(context);
    const person = session.status === "valid" ? session.actingPerson : null;
    if (!person) return { response: data({ type: "Unauthorized" }, { status: 401 }) };
    const access = occupationalAccess(person);
    if (access.type !== "ok") return { response: data({ type: access.type === "noContract" ? "noOccupationalContract" : "webReservationNotAllowed" }, { status: 403 }) };
  }
  return { filters, careType, lang, endDate };
}
