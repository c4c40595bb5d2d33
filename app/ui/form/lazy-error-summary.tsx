import { useEffect, type ComponentProps } from "react";
import { lazyPart } from "../lazy-part";
import { ErrorSummary as SummaryOnServer } from "./error-summary";

type Props = ComponentProps<typeof SummaryOnServer>;

let loaded: typeof SummaryOnServer | null = null;
const load = () => import("./error-summary").then((m) => (loaded = m.ErrorSummary));
const SummaryWhenShown = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? SummaryOnServer : null, load);

/**
 * The error summary (./error-summary.tsx) as the pages use it. It is shown only after a form was refused, so the
 * browser loads its code when it is shown, or before: once a field or button of a form on the page has had focus
 * (as it has before any form is sent), so that a refused form's summary comes with the answer and takes focus at
 * once. The server renders it in place.
 */
export function ErrorSummary(props: Props) {
  useEffect(() => {
    const preload = (event: FocusEvent) => {
      if ((event.target as Element).closest?.("form")) load().catch(() => {});
    };
    document.addEventListener("focusin", preload);
    return () => document.removeEventListener("focusin", preload);
  }, []);
  if (!props.errors.length) return null;
  const Summary = loaded ?? SummaryWhenShown;
  return <Summary {...props} />;
}
