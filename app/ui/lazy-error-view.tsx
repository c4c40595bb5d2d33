import { lazyPart } from "./lazy-part";
import { ErrorView as ViewOnServer } from "./error-view";

/** The reason of the 503 answered when the identity broker cannot be reached (the view's own variant). */
export const IDENTIFICATION_UNAVAILABLE = "identificationUnavailable";

/**
 * The error view (./error-view.tsx) as the pages and the root's error boundary use it. It is shown only when
 * something went wrong, so the browser loads its code when it is shown; the server renders it in place.
 */
export const ErrorView = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? ViewOnServer : null, () =>
  import("./error-view").then((m) => m.ErrorView),
);
