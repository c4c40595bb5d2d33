import type { ReactNode } from "react";
import { Fieldset } from "./fieldset";

/** Radios in a fieldset with a legend, as GOV.UK does. */
export function Radios({
  name,
  legend,
  hint,
  options,
  error,
  defaultValue,
  idPrefix,
  onChange,
}: {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: { value: string; label: ReactNode; hint?: ReactNode; disabled?: boolean }[];
  error?: string;
  defaultValue?: string | null;
  idPrefix?: string;
  onChange?(value: string): void;
}) {
  const base = idPrefix ?? name;
  return (
    <Fieldset id={base} legend={legend} hint={hint} error={error}>
      <div className="radios">
        {options.map((o, i) => (
          <div className="radios__item" key={o.value}>
            <input
              className="radios__input"
              id={i === 0 ? base : `${base}-${o.value}`}
              name={name}
              type="radio"
              value={o.value}
              defaultChecked={defaultValue === o.value}
              disabled={o.disabled}
              aria-describedby={o.hint ? `${base}-${o.value}-hint` : undefined}
              onChange={onChange ? () => onChange(o.value) : undefined}
            />
            <label className="radios__label" htmlFor={i === 0 ? base : `${base}-${o.value}`}>
              {o.label}
            </label>
            {o.hint ? (
              <div className="radios__hint" id={`${base}-${o.value}-hint`}>
                {o.hint}
              </div>
            ) : null}
          </div>
        ))}
      </div>
    </Fieldset>
  );
}
