import { data } from "react-router";
import type { Route } from "./+types/api-specialty";
import { db } from "~/.server/db/client";
import { apiId, apiLang } from "~/features/booking/search-api.server";
import { specialtyContent } from "~/features/booking/search.server";

/** GET /api/appointments/specialty?id&lang → { specialty: { cmsContent: { title, description } } }. */
export async function loader({ request }: Route.LoaderArgs) {
  const id = apiId(request);
  if (typeof id !== "string") return id;
  const lang = apiLang(request);
  if (!lang) return data({ type: "ValidationError", details: [{ path: ["lang"] }] }, { status: 400 });
  const content = await specialtyContent(db(), id, lang);
  if (!content) return data({ type: "NotFound" }, { status: 404 });
  return data({ specialty: { cmsContent: content } });
}
