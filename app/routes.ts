import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { routeTable } from "./route-table";
import { LANGS } from "./lib/lang";

// Every page of the table once per language, with ids like `login.fi`.
const pages = routeTable.flatMap((entry) =>
  LANGS.map((lang) =>
    route(entry.paths[lang] ? `${lang}/${entry.paths[lang]}` : lang, entry.file, { id: `${entry.id}.${lang}` }),
  ),
);

export default [
  index("routes/index.tsx"),
  ...pages,
  // Identification and session endpoints are not localized: the broker and the spec's API call them by fixed paths.
  route("oauth/authenticate", "routes/session/oauth-authenticate.ts"),
  route("oauth/callback", "routes/session/oauth-callback.ts"),
  route("api/logout", "routes/session/api-logout.ts"),
  route("api/session", "routes/session/api-session.ts"),
  route("api/analytics-consent", "routes/analytics-consent.ts"),
  route("api/appointments/check-in/:id", "routes/appointments/api-check-in.ts"),
  route("api/anon/check-in", "routes/appointments/api-anon-check-in.ts"),
  route("api/appointments/:id/arrival-reason", "routes/appointments/api-arrival-reason.ts"),
  route("api/appointments/:id", "routes/appointments/api-appointment.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
