import { useRef, useState } from "react";

/**
 * A four-character code as single-character boxes (spec part 1 §5): the check-in code (digits, the last may also
 * be the identity code's check letter, upper-cased) and the SMS code (digits only). Typing advances, backspace on
 * an empty box goes back, a paste of all four fills them, and the fourth character of a fresh entry submits. Only
 * rendered once hydrated: without JavaScript the form has one plain text input of the same name.
 */
const ALLOWED_LAST = /^[0-9A-Y]$/;
const ALLOWED = /^[0-9]$/;

/**
 * The boxes' characters, and which of them the user has typed since the code was last sent. A code kept after
 * a wrong answer fills the boxes but is not fresh, so typing over it does not send it again box by box: only a
 * complete fresh entry submits (each send counts towards the lockout), or the button.
 */
export type BoxesState = { chars: string[]; fresh: boolean[]; lastMayBeLetter: boolean };

export function initialBoxes(kept = "", lastMayBeLetter = false): BoxesState {
  return {
    chars: Array.from({ length: 4 }, (_, i) => kept[i] ?? ""),
    fresh: [false, false, false, false],
    lastMayBeLetter,
  };
}

const accepts = (state: BoxesState, index: number, ch: string) =>
  (index === 3 && state.lastMayBeLetter ? ALLOWED_LAST : ALLOWED).test(ch);

/**
 * Typing or pasting `text` from box `start`. Returns the new state, the box to focus, and whether the entry is
 * complete (all four typed afresh, the last one just now) and should be sent; null when the text is refused.
 */
export function typeInto(
  state: BoxesState,
  start: number,
  text: string,
): { state: BoxesState; focus: number; submit: boolean } | null {
  const chars = [...state.chars];
  const fresh = [...state.fresh];
  let i = start;
  for (const ch of text.toUpperCase().replace(/\s/g, "")) {
    if (i > 3) break;
    if (!accepts(state, i, ch)) return null;
    chars[i] = ch;
    fresh[i++] = true;
  }
  if (i === start) return null;
  const submit = i === 4 && fresh.every(Boolean) && chars.every(Boolean);
  return {
    state: { ...state, chars, fresh: submit ? [false, false, false, false] : fresh },
    focus: Math.min(i, 3),
    submit,
  };
}

/** Emptying box `index` (backspace or delete). */
export function clearBox(state: BoxesState, index: number): BoxesState {
  return {
    ...state,
    chars: state.chars.map((c, j) => (j === index ? "" : c)),
    fresh: state.fresh.map((f, j) => (j === index ? false : f)),
  };
}

export function CodeBoxes({
  id,
  name,
  label,
  describedBy,
  invalid,
  initial = "",
  lastMayBeLetter = false,
  disabled,
  focusFirst,
  onComplete,
}: {
  /** The first box's id, which the error summary links to. */
  id: string;
  name: string;
  label: string;
  describedBy?: string;
  invalid?: boolean;
  initial?: string;
  /** The check-in code's last character may be the identity code's check letter. */
  lastMayBeLetter?: boolean;
  /** While the code is being checked (spec: inputs disabled during the check). */
  disabled?: boolean;
  /** Focus the first box on mount (after a wrong code, for a fresh entry). */
  focusFirst?: boolean;
  onComplete(code: string): void;
}) {
  const [boxes, setBoxesState] = useState<BoxesState>(() => initialBoxes(initial, lastMayBeLetter));
  // The state as of the last keystroke: on a slow phone (or a busy machine) the next key can come before React has
  // rendered the previous one, and a render's own `boxes` would then lose what was just typed (and the entry would
  // never count as fresh, so never be sent).
  const latest = useRef(boxes);
  const setBoxes = (next: BoxesState) => {
    latest.current = next;
    setBoxesState(next);
  };
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  const type = (start: number, text: string) => {
    const result = typeInto(latest.current, start, text);
    if (!result) return;
    setBoxes(result.state);
    refs.current[result.focus]?.focus();
    if (result.submit) onComplete(result.state.chars.join(""));
  };

  return (
    <div className="code-boxes" role="group" aria-label={label} aria-describedby={describedBy}>
      <input type="hidden" name={name} value={boxes.chars.join("")} />
      {boxes.chars.map((ch, i) => (
        <input
          key={i}
          id={i === 0 ? id : `${id}-${i + 1}`}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="input code-boxes__box"
          aria-label={`${label} ${i + 1}/4`}
          aria-invalid={invalid || undefined}
          inputMode={i === 3 && lastMayBeLetter ? "text" : "numeric"}
          disabled={disabled}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only after a wrong code, where the user types next
          autoFocus={focusFirst && i === 0}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={4}
          value={ch}
          // A kept character is selected on focus, so typing replaces it.
          onFocus={(e) => e.target.select()}
          // The work is done on `input`, which also fires when a character is typed over the same one (React's
          // onChange does not, as the value did not change).
          onChange={() => {}}
          onInput={(e) => {
            const value = e.currentTarget.value.toUpperCase();
            if (!value) return setBoxes(clearBox(latest.current, i));
            const held = latest.current.chars[i];
            type(i, value.length > 1 ? value.replace(held, "") || value : value);
          }}
          onKeyDown={(e) => {
            if (e.key === "Backspace" && !latest.current.chars[i] && i > 0) {
              e.preventDefault();
              setBoxes(clearBox(latest.current, i - 1));
              refs.current[i - 1]?.focus();
            }
          }}
          onPaste={(e) => {
            e.preventDefault();
            type(0, e.clipboardData.getData("text"));
          }}
        />
      ))}
    </div>
  );
}
