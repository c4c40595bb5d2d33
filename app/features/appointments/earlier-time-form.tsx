import { Form } from "react-router";
import type { AppointmentView } from "./appointments.server";
import type { EarlierTimeState } from "./earlier-time.server";
import { CsrfField } from "~/ui/csrf-field";
import { Radios, TextField, type FormErrors } from "~/ui/form";
import { useT } from "~/ui/i18n";

/** A rejected request for an earlier time, shown again with its errors (as the fields say them, translated). */
export type EarlierTimeSubmission = {
  appointmentId: number;
  values: { match: string; untilDate: string };
  errors: FormErrors<"match" | "untilDate">;
};

/** The ids of an appointment's earlier-time fields, top to bottom (the error summary's order). */
export const earlierTimeFieldIds = (appointmentId: number) => ({
  match: `earlier-match-${appointmentId}`,
  untilDate: `earlier-until-${appointmentId}`,
});

/**
 * "Offer me an earlier time" on the own appointment's page: a plain form (a kind of match and the latest date),
 * or, while in line, the date asked for and a button to stop.
 */
export function EarlierTimeSection({
  appointment: a,
  state,
  submission,
}: {
  appointment: AppointmentView;
  state: EarlierTimeState | undefined;
  submission?: EarlierTimeSubmission;
}) {
  const t = useT();
  if (!state) return null;
  const ids = earlierTimeFieldIds(a.id);
  const headingId = `earlier-time-${a.id}-heading`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {t("appointments.earlierTime.heading")}
      </h2>
      {state.waitingUntil ? (
        <>
          <p>
            {t("appointments.earlierTime.waiting", {
              date: state.waitingUntilText,
            })}
          </p>
          <Form method="post" className="button-row">
            <CsrfField />
            <input type="hidden" name="intent" value="earlierTimeStop" />
            <input type="hidden" name="appointmentId" value={a.id} />
            <button type="submit" className="button button--secondary">
              {t("appointments.earlierTime.stop")}
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="earlierTime" />
          <input type="hidden" name="appointmentId" value={a.id} />
          <p>{t("appointments.earlierTime.intro")}</p>
          <Radios
            name="match"
            idPrefix={ids.match}
            legend={t("appointments.earlierTime.matchLegend")}
            error={submission?.errors.match}
            defaultValue={submission?.values.match}
            options={[
              {
                value: "practitioner",
                label: t("appointments.earlierTime.matchPractitioner", { name: a.practitioner.name }),
              },
              {
                value: "serviceAtClinic",
                label: t("appointments.earlierTime.matchServiceAtClinic", { clinic: a.clinic.name }),
              },
            ]}
          />
          <TextField
            id={ids.untilDate}
            name="untilDate"
            type="date"
            className="input--short"
            label={t("appointments.earlierTime.untilLabel")}
            hint={t("appointments.earlierTime.untilHint", { date: a.startsOnText })}
            error={submission?.errors.untilDate}
            defaultValue={submission?.values.untilDate}
          />
          <button type="submit" className="button">
            {t("appointments.earlierTime.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
