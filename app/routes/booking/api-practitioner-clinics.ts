import { data } from "react-router";
import type { Route } from "./+types/api-practitioner-clinics";
import { allowMethods } from "~/.server/api";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { apiId } from "./search-call.server";
import { practitionerClinics } from "~/features/booking/search-filters.server";

export const middleware = [allowMethods("GET")];

/** GET /api/appointments/practitioner-clinics?id&lang → { clinicIds } where the practitioner has free slots ahead. */
export async function loader({ request }: Route.LoaderArgs) {
  const id = apiId(request);
  if (typeof id !== "string") return id;
  const clinicIds = await practitionerClinics(db(), id, now());
  if (!clinicIds) return data({ type: "NotFound" }, { status: 404 });
  return data({ clinicIds });
}
