import { data } from "react-router";
import type { Route } from "./+types/api-specialty";
import { allowMethods, validationError } from "~/.server/api";
import { db } from "~/.server/db/client";
import { apiId, apiLang } from "./search-call.server";
import { specialtyContent } from "~/features/booking/search-filters.server";

export const middleware = [allowMethods("GET")];

/** GET /api/appointments/specialty?id&lang → { specialty: { cmsContent: { title, description } } }. */
export async function loader({ request }: Route.LoaderArgs) {
  const id = apiId(request);
  if (typeof id !== "string") return id;
  const lang = apiLang(request);
  if (!lang) return validationError([{ path: "lang", message: "Invalid lang" }]);
  const content = await specialtyContent(db(), id, lang);
  if (!content) return data({ type: "NotFound" }, { status: 404 });
  return data({ specialty: { cmsContent: content } });
}
