import { useEffect, useRef, type ReactNode } from "react";
import { useNavigation } from "react-router";

/**
 * The heading that states the result of a form (post/redirect/get). Without JavaScript the new page load starts
 * at the top; once hydrated, `useFocusAfterSubmission` moves focus here so a screen reader reads the result.
 */
export function ResultHeading({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <h2 className={className} data-result-heading="" tabIndex={-1}>
      {children}
    </h2>
  );
}

/**
 * After a navigation that came from a form submission (not GET) settles, focus the page's error summary, else
 * its result heading, else its `<h1>`: a client-side result page is otherwise silent for a screen reader, and
 * focus is left on a button that may no longer exist. (The summary also focuses itself when its errors change;
 * this covers a form sent again with the same errors.)
 */
export function useFocusAfterSubmission() {
  const navigation = useNavigation();
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET")
      submitted.current = true;
    if (navigation.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    const main = document.getElementById("main");
    if (!main) return;
    const target =
      main.querySelector<HTMLElement>(".error-summary") ??
      main.querySelector<HTMLElement>("[data-result-heading]") ??
      main.querySelector<HTMLElement>("h1");
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
  }, [navigation.state, navigation.formMethod]);
}
