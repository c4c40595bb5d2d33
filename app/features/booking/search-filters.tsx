import { lazy, memo, Suspense, useRef, useState, type FormEvent } from "react";
import { Form, Link, useSubmit } from "react-router";
import { InsuranceListFields as InsuranceListFieldsOnServer } from "~/features/insurance/insurance-list-fields";
import { INSURANCE_LIST_PARAMS, type InsuranceListValues } from "~/features/insurance/insurance-list-params";
import { Field, Fieldset, Select } from "~/ui/form";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";
import type { CareType } from "./care-type";
import type { FilterOptions } from "./search-filters.server";
import { changePractitioner, changeSpecialty, serializeFilters, type SearchFilters } from "./search";

/** A municipality of the filter form's clinics, named as the page shows it (search-filters.server.ts clinicGroups). */
export type ClinicGroup = { municipality: string; label: string; clinics: { id: string; name: string }[] };

type Props = {
  action: string;
  careType: CareType;
  filters: SearchFilters;
  options: Omit<FilterOptions, "clinics"> & { clinicGroups: ClinicGroup[] };
  today: string;
  /** The insurance list's own parameters (its fields); null on the other lists. */
  insurance: InsuranceListValues | null;
  /** The calendar of free days: the next days with free appointments from `startDate`, their names and list links. */
  calendar: {
    now: string;
    startDate: string;
    freeDays: string[];
    labelOf(day: string): string;
    hrefOf(day: string): string;
  };
};

// The date picker (its dialog, the calendar's dates and its call) is loaded when its button is first pointed at,
// focused or pressed: the page shows the button alone until then, so the page's load carries none of it.
const loadDatePicker = () => import("./date-picker");
const DatePicker = lazy(() => loadDatePicker().then((m) => ({ default: m.DatePicker })));
// Only the insurance list has these fields: the browser loads them there. Memoized, so that the form's own updates
// (a filter changed) leave the server's fields in place until their code has come.
const InsuranceListFields = /* @__PURE__ */ memo(
  lazyPart(import.meta.env.SSR ? InsuranceListFieldsOnServer : null, () =>
    import("~/features/insurance/insurance-list-fields").then((m) => m.InsuranceListFields),
  ),
);

/**
 * The filter form: a plain GET form (its hidden `prev*` fields let the server apply the §4 change rules without
 * JavaScript). With JavaScript each change applies the rules here and reloads the list in place.
 */
export function SearchFilterForm({ action, careType, filters, options, today, insurance, calendar }: Props) {
  const t = useT();
  const hydrated = useHydrated();
  const [pickerWanted, setPickerWanted] = useState(false);
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(filters);
  // New filters from the server (a navigation) replace the draft, adjusted during render rather than in an effect.
  const key = serializeFilters(filters).toString();
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setDraft(filters);
  }

  const run = (next: SearchFilters) => {
    setDraft(next);
    const params = serializeFilters({ ...next, offset: 0 });
    const form = formRef.current;
    if (form) {
      const data = new FormData(form);
      for (const name of INSURANCE_LIST_PARAMS) {
        const value = data.get(name);
        if (typeof value === "string" && value) params.set(name, value);
      }
    }
    // React Router cancels a superseded navigation by itself; nothing reports that cancel.
    void submit(params, { method: "get", action, replace: true, preventScrollReset: true });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    run(draft);
  };
  const kela65 = careType === "kela65";

  return (
    <Form
      method="get"
      action={action}
      ref={formRef}
      onSubmit={onSubmit}
      className="card search-filters"
      aria-labelledby="search-filters-heading"
    >
      <h2 id="search-filters-heading" className="card__title">
        {t("booking.search.filtersHeading")}
      </h2>
      <input type="hidden" name="time" value={draft.time} />
      <input type="hidden" name="prevSpecialty" value={filters.specialtyIds[0] ?? ""} />
      <input type="hidden" name="prevPractitioner" value={filters.practitionerIds[0] ?? ""} />
      <Select
        id="search-specialty"
        name="specialtyIds"
        label={t("booking.search.specialty")}
        hint={kela65 ? t("booking.search.specialtyFixed") : undefined}
        disabled={kela65}
        value={draft.specialtyIds[0] ?? ""}
        onChange={(e) => run(changeSpecialty(draft, e.target.value || null))}
        placeholder={t("booking.search.anySpecialty")}
        options={options.specialties.map((s) => ({ value: s.id, label: s.name }))}
      />
      <Select
        id="search-practitioner"
        name="practitionerIds"
        label={t("booking.search.practitioner")}
        value={draft.practitionerIds[0] ?? ""}
        onChange={(e) => run(changePractitioner(draft, e.target.value || null, careType))}
        placeholder={t("booking.search.anyPractitioner")}
        options={options.practitioners.map((p) => ({
          value: p.id,
          label: (
            <>
              {p.name}, {p.title}
            </>
          ),
        }))}
      />
      <Fieldset id="search-clinics" legend={t("booking.search.clinics")} hint={t("booking.search.clinicsHint")}>
        {options.clinicGroups.map(({ municipality, label, clinics }) => (
          <fieldset className="fieldset" key={municipality}>
            <legend className="fieldset__legend">{label}</legend>
            {clinics.map((c) => (
              <div className="checkbox" key={c.id}>
                <input
                  className="checkbox__input"
                  type="checkbox"
                  id={`search-clinic-${c.id}`}
                  name="clinicIds"
                  value={c.id}
                  checked={draft.clinicIds.includes(c.id)}
                  onChange={(e) =>
                    run({
                      ...draft,
                      offset: 0,
                      clinicIds: e.target.checked
                        ? [...draft.clinicIds, c.id]
                        : draft.clinicIds.filter((id) => id !== c.id),
                    })
                  }
                />
                <label className="checkbox__label" htmlFor={`search-clinic-${c.id}`}>
                  {c.name}
                </label>
              </div>
            ))}
          </fieldset>
        ))}
      </Fieldset>
      <Field id="search-date" label={t("booking.search.date")}>
        {() => (
          <input
            id="search-date"
            name="startDate"
            type="date"
            className="input input--short"
            min={today}
            value={draft.startDate ?? today}
            onChange={(e) => run({ ...draft, offset: 0, startDate: e.target.value || null })}
          />
        )}
      </Field>
      {hydrated && !pickerWanted ? <CalendarOpener onOpen={() => setPickerWanted(true)} /> : null}
      {pickerWanted ? (
        <Suspense fallback={<CalendarOpener onOpen={() => setPickerWanted(true)} />}>
          <DatePicker
            value={draft.startDate ?? today}
            min={today}
            now={calendar.now}
            query={serializeFilters({ ...draft, offset: 0, startDate: null })}
            careType={careType}
            onChoose={(day) => run({ ...draft, offset: 0, startDate: day })}
            openAtOnce
          />
        </Suspense>
      ) : null}
      {calendar.freeDays.length ? (
        <div className="free-days">
          <p className="free-days__title" id="free-days-title">
            {t("booking.calendar.freeDays")}
          </p>
          <ul className="free-days__list" aria-labelledby="free-days-title">
            {calendar.freeDays.map((day) => (
              <li key={day}>
                <Link
                  to={calendar.hrefOf(day)}
                  aria-current={day === calendar.startDate ? "date" : undefined}
                  preventScrollReset
                >
                  {calendar.labelOf(day)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="checkbox">
        <input
          className="checkbox__input"
          type="checkbox"
          id="search-include-remote"
          name="includeRemote"
          value="true"
          checked={draft.includeRemote}
          onChange={(e) => run({ ...draft, offset: 0, includeRemote: e.target.checked })}
        />
        <label className="checkbox__label" htmlFor="search-include-remote">
          {t("booking.search.includeRemote")}
        </label>
      </div>
      {insurance ? <InsuranceListFields values={insurance} /> : null}
      <p className="button-row">
        <button type="submit" className="button">
          {t("booking.search.submit")}
        </button>
      </p>
    </Form>
  );
}

/**
 * The date picker's button (date-picker.tsx draws the same) before the picker is loaded: pointing at it or focusing
 * it fetches the picker, pressing it shows the picker open.
 */
function CalendarOpener({ onOpen }: { onOpen(): void }) {
  const t = useT();
  const preload = () => void loadDatePicker().catch(() => {});
  return (
    <button
      type="button"
      className="button button--secondary calendar-open"
      aria-haspopup="dialog"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={onOpen}
    >
      {t("booking.calendar.open")}
    </button>
  );
}
