import { Form, data } from "react-router";
import type { Route } from "./+types/reminders";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import {
  QUIET_HOURS,
  REMINDER_LATEST_MINUTES,
  REMINDER_LEAD_HOURS,
  inQuietHours,
  sendDueReminders,
} from "~/features/appointments/reminders.server";
import { OFFER_HOLD_MINUTES } from "~/features/appointments/earlier-time";
import { offerEarlierTimes } from "~/features/appointments/earlier-time-job.server";
import { CsrfField } from "~/ui/csrf-field";
import type { RouteHandle } from "~/ui/layout";

/**
 * Runs the appointment reminder job, or the earlier-time offer job, at once, so the reminders can be tried without waiting for its next round
 * (English only, a development tool; never answers in production). What it queued is in /dev/outbox.
 */

// A tool, not a customer page: no customer menu, footer or cookie question.
export const handle = {
  hideNavigation: true,
  hideFooter: true,
  hideCookieBanner: true,
  languageSwitchToHome: true,
} satisfies RouteHandle;

function developmentOnly(context: Route.LoaderArgs["context"]) {
  if (requestInfo(context).environment === "production") throw data(null, { status: 404 });
}

export function loader({ context }: Route.LoaderArgs) {
  developmentOnly(context);
  return {
    quiet: inQuietHours(now()),
    leadHours: REMINDER_LEAD_HOURS,
    latestMinutes: REMINDER_LATEST_MINUTES,
    quietHours: QUIET_HOURS,
    holdMinutes: OFFER_HOLD_MINUTES,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  developmentOnly(context);
  const form = await readForm(request);
  const ignoreQuietHours = form.get("ignoreQuietHours") === "on";
  if (form.get("intent") === "offers") {
    const offers = await offerEarlierTimes(db(), now(), { ignoreQuietHours });
    return { job: "offers" as const, quiet: offers.quiet, count: offers.offered };
  }
  const result = await sendDueReminders(db(), now(), {
    environment: requestInfo(context).environment,
    ignoreQuietHours,
  });
  return { job: "reminders" as const, quiet: result.quiet, count: result.queued };
}

export default function Reminders({ loaderData, actionData }: Route.ComponentProps) {
  const { leadHours, latestMinutes, quietHours } = loaderData;
  return (
    <div className="narrow">
      <title>Appointment reminders (development)</title>
      <h1>Appointment reminders (development)</h1>
      <p>
        The server sends a reminder by SMS {leadHours} hours before an appointment (not later than {latestMinutes}{" "}
        minutes before it, and not for one reserved within those hours), once, in the language it was reserved in, to
        people who have not turned booking reminders off in My information. No SMS goes out between {quietHours.from}{" "}
        and {quietHours.until} Helsinki time. The job runs every few minutes on its own; this page runs it now.
      </p>
      {actionData ? (
        <div className="banner banner--success" role="status">
          <p>
            {actionData.quiet
              ? "It is the quiet hours: nothing was sent."
              : actionData.job === "offers"
                ? `${actionData.count} earlier-time ${actionData.count === 1 ? "offer" : "offers"} sent.`
                : `${actionData.count} ${actionData.count === 1 ? "reminder" : "reminders"} queued.`}{" "}
            <a href="/dev/outbox">See the outbox</a>
          </p>
        </div>
      ) : null}
      <Form method="post">
        <CsrfField />
        {loaderData.quiet ? (
          <div className="checkbox">
            <input className="checkbox__input" id="ignoreQuietHours" name="ignoreQuietHours" type="checkbox" />
            <label className="checkbox__label" htmlFor="ignoreQuietHours">
              Run it even though it is the quiet hours
            </label>
          </div>
        ) : null}
        <button type="submit" className="button">
          Run the reminder job now
        </button>
      </Form>
      <h2>Earlier-time offers</h2>
      <p>
        A customer in line for an earlier time gets the first matching free slot by SMS, held for them for{" "}
        {loaderData.holdMinutes} minutes; an offer not taken in time goes to the next in line. The job runs with the
        reminders; this button runs it now (it keeps the same quiet hours).
      </p>
      <Form method="post">
        <CsrfField />
        {loaderData.quiet ? (
          <div className="checkbox">
            <input className="checkbox__input" id="offersIgnoreQuietHours" name="ignoreQuietHours" type="checkbox" />
            <label className="checkbox__label" htmlFor="offersIgnoreQuietHours">
              Offer even though it is the quiet hours
            </label>
          </div>
        ) : null}
        <button type="submit" name="intent" value="offers" className="button">
          Run the earlier-time offer job now
        </button>
      </Form>
    </div>
  );
}
