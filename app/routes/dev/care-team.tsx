import type { ReactNode } from "react";
import { Form, data, redirect } from "react-router";
import type { Route } from "./+types/care-team";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { careTeamDeskEnabled } from "~/.server/env";
import {
  addAbsence,
  ownAbsences,
  removeAbsence,
  type AbsenceErrors,
  type AbsenceFields,
} from "./care-team-absences.server";
import {
  deskThreadsByCategory,
  professionalById,
  professionals,
  type DeskCategory,
  type DeskThread,
} from "./care-team.server";
import { formatDateTime } from "~/lib/format";
import { CARE_TEAM_DESK_PATH, deskHandle, deskHref, deskThreadHref } from "./care-team-links";
import { CsrfField } from "~/ui/csrf-field";
import { ErrorSummary, errorEntries } from "~/ui/form";

/**
 * The development care-team desk: the professionals' side of messaging (see care-team.server.ts). English only,
 * plain forms; never answers in production.
 */

// A tool, not a customer page: no customer menu, footer or cookie question; the page is English only.
export const handle = deskHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!careTeamDeskEnabled(requestInfo(context).environment)) throw data(null, { status: 404 });
  const chosen = new URL(request.url).searchParams.get("professional");
  const all = await professionals(db());
  if (!chosen) return { professionals: all, desk: null };
  const me = await professionalById(db(), chosen);
  if (!me) throw data(null, { status: 404 });
  const [threads, absences] = await Promise.all([deskThreadsByCategory(db(), me.id, now()), ownAbsences(db(), me.id)]);
  return { professionals: all, desk: { me, threads, absences } };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!careTeamDeskEnabled(requestInfo(context).environment)) throw data(null, { status: 404 });
  const me = await professionalById(db(), new URL(request.url).searchParams.get("professional"));
  if (!me) throw data(null, { status: 404 });
  const form = await readForm(request);
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const intent = text("intent");
  if (intent === "addAbsence") {
    const fields: AbsenceFields = {
      startDate: text("startDate"),
      endDate: text("endDate"),
      substituteId: text("substituteId"),
      internalMessage: text("internalMessage"),
    };
    const result = await addAbsence(db(), me.id, fields);
    if (result.type === "invalid") return data({ errors: result.errors, fields }, { status: 400 });
  } else if (intent === "removeAbsence") {
    await removeAbsence(db(), me.id, Number(text("absenceId")));
  } else {
    throw data(null, { status: 400 });
  }
  // Post/redirect/get: a reload does not post again.
  throw redirect(deskHref(me.id));
}

const CATEGORY_HEADINGS: Record<DeskCategory, string> = {
  assignedToMe: "Assigned to me",
  substitutions: "Substituting",
  unassigned: "Unassigned",
  closed: "Closed",
};

const when = (d: Date) => formatDateTime(d, "en");

function ThreadTable({
  category,
  threads,
  professionalId,
}: {
  category: DeskCategory;
  threads: DeskThread[];
  professionalId: string;
}) {
  const headingId = `threads-${category}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{`${CATEGORY_HEADINGS[category]} (${threads.length})`}</h2>
      {threads.length ? (
        <table className="table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Customer</th>
              <th scope="col">Latest message</th>
              <th scope="col">Read</th>
            </tr>
          </thead>
          <tbody>
            {threads.map((t) => (
              <tr key={t.id}>
                <td>
                  <a href={deskThreadHref(t.id, professionalId)}>{t.title}</a>
                  {category === "substitutions" && t.assigneeName ? ` (for ${t.assigneeName})` : null}
                </td>
                <td>{t.customerName}</td>
                <td>
                  {t.latestMessageAt ? (
                    <time dateTime={t.latestMessageAt.toISOString()}>{when(t.latestMessageAt)}</time>
                  ) : (
                    "No messages"
                  )}
                </td>
                <td>{t.isRead ? "Read" : <strong className="tag">Unread</strong>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>No threads.</p>
      )}
    </section>
  );
}

/** The ids of the absence form's fields, in the order it shows them. */
const ABSENCE_FIELD_ORDER = (["startDate", "endDate", "substituteId", "internalMessage"] as const).map(
  (name) => `absence-${name}`,
);

export default function CareTeamDesk({ loaderData, actionData }: Route.ComponentProps) {
  const { professionals: all, desk } = loaderData;
  const errors: AbsenceErrors = actionData?.errors ?? {};
  const fields = actionData?.fields;
  const errorList = errorEntries(
    errors,
    (message) => message,
    (name) => `absence-${name}`,
  );
  const field = (name: keyof AbsenceFields, label: string, control: (describedBy?: string) => ReactNode) => (
    <div className={`field${errors[name] ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={`absence-${name}`}>
        {label}
      </label>
      {errors[name] ? (
        <p className="field__error" id={`absence-${name}-error`}>
          <span className="visually-hidden">Error: </span>
          {errors[name]}
        </p>
      ) : null}
      {control(errors[name] ? `absence-${name}-error` : undefined)}
    </div>
  );
  return (
    <div lang="en" className="narrow-wide">
      <title>{`${errorList.length ? "Error: " : ""}Care-team desk (development)`}</title>
      <ErrorSummary title="There is a problem" errors={errorList} fieldOrder={ABSENCE_FIELD_ORDER} />
      <h1>Care-team desk (development)</h1>
      <p className="lead">
        The professionals&rsquo; side of messaging, for trying the portal without the messaging backend. Never available
        in production.
      </p>
      <Form method="get" action={CARE_TEAM_DESK_PATH}>
        <div className="field">
          <label className="field__label" htmlFor="professional">
            Professional
          </label>
          <select id="professional" name="professional" className="input" defaultValue={desk?.me.id ?? ""} required>
            <option value="" disabled>
              Choose a professional
            </option>
            {all.map((p) => (
              <option key={p.id} value={p.id}>
                {`${p.lastName}, ${p.firstName}${p.title ? ` (${p.title})` : ""}`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Open desk
        </button>
      </Form>

      {desk ? (
        <>
          <h2>{`Desk of ${desk.me.firstName} ${desk.me.lastName}${desk.me.title ? `, ${desk.me.title}` : ""}`}</h2>
          {(["assignedToMe", "substitutions", "unassigned", "closed"] as const).map((category) => (
            <ThreadTable
              key={category}
              category={category}
              threads={desk.threads[category]}
              professionalId={desk.me.id}
            />
          ))}

          <section aria-labelledby="absences">
            <h2 id="absences">My absences</h2>
            {desk.absences.length ? (
              <ul className="item-list">
                {desk.absences.map((a) => (
                  <li key={a.id}>
                    <p>
                      {`${a.startDate} – ${a.endDate}, ${a.substituteName ? `substitute ${a.substituteName}` : "no substitute"}`}
                      {a.internalMessage ? ` · ${a.internalMessage}` : null}
                    </p>
                    <Form method="post" action={deskHref(desk.me.id)}>
                      <CsrfField />
                      <input type="hidden" name="intent" value="removeAbsence" />
                      <input type="hidden" name="absenceId" value={a.id} />
                      <button type="submit" className="button button--secondary button--small">
                        {`Remove absence ${a.startDate} – ${a.endDate}`}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No absences.</p>
            )}
            <h3>Add an absence</h3>
            <Form method="post" action={deskHref(desk.me.id)} noValidate>
              <CsrfField />
              <input type="hidden" name="intent" value="addAbsence" />
              {field("startDate", "Start date", (d) => (
                <input
                  id="absence-startDate"
                  name="startDate"
                  type="date"
                  className="input input--short"
                  defaultValue={fields?.startDate}
                  aria-describedby={d}
                  aria-invalid={d ? true : undefined}
                  required
                />
              ))}
              {field("endDate", "End date", (d) => (
                <input
                  id="absence-endDate"
                  name="endDate"
                  type="date"
                  className="input input--short"
                  defaultValue={fields?.endDate}
                  aria-describedby={d}
                  aria-invalid={d ? true : undefined}
                  required
                />
              ))}
              {field("substituteId", "Substitute", (d) => (
                <select
                  id="absence-substituteId"
                  name="substituteId"
                  className="input"
                  defaultValue={fields?.substituteId ?? ""}
                  aria-describedby={d}
                  aria-invalid={d ? true : undefined}
                >
                  <option value="">No substitute</option>
                  {all
                    .filter((p) => p.id !== desk.me.id)
                    .map((p) => (
                      <option key={p.id} value={p.id}>
                        {`${p.lastName}, ${p.firstName}`}
                      </option>
                    ))}
                </select>
              ))}
              {field("internalMessage", "Internal message (for colleagues only)", (d) => (
                <textarea
                  id="absence-internalMessage"
                  name="internalMessage"
                  className="textarea"
                  rows={3}
                  maxLength={1000}
                  defaultValue={fields?.internalMessage}
                  aria-describedby={d}
                  aria-invalid={d ? true : undefined}
                />
              ))}
              <button type="submit" className="button">
                Add absence
              </button>
            </Form>
          </section>
        </>
      ) : null}
    </div>
  );
}
