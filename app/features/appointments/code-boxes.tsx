import { useRef, useState } from "react";

/**
 * The check-in code as four single-character boxes (spec part 1 §5): digits in every box, the last may also be
 * the identity code's check letter; upper-cased; typing advances, backspace on an empty box goes back, a paste
 * of all four fills them, and the fourth character submits. Only rendered once hydrated: without JavaScript the
 * form has one plain text input of the same name.
 */
const ALLOWED_LAST = /^[0-9A-Y]$/;
const ALLOWED = /^[0-9]$/;

export function CodeBoxes({ name, label, describedBy, invalid, initial = "", onComplete }: { name: string; label: string; describedBy?: string; invalid?: boolean; initial?: string; onComplete(code: string): void }) {
  const [chars, setChars] = useState<string[]>(() => Array.from({ length: 4 }, (_, i) => initial[i] ?? ""));
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  const accept = (index: number, ch: string) => (index === 3 ? ALLOWED_LAST : ALLOWED).test(ch);

  const update = (next: string[], focus: number | null) => {
    setChars(next);
    if (focus !== null) refs.current[focus]?.focus();
    if (next.every((c) => c)) onComplete(next.join(""));
  };

  const fillFrom = (start: number, text: string) => {
    const next = [...chars];
    let i = start;
    for (const raw of text.toUpperCase().replace(/\s/g, "")) {
      if (i > 3) break;
      if (!accept(i, raw)) return;
      next[i++] = raw;
    }
    update(next, Math.min(i, 3));
  };

  return (
    <div className="code-boxes" role="group" aria-label={label} aria-describedby={describedBy}>
      <input type="hidden" name={name} value={chars.join("")} />
      {chars.map((ch, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="input code-boxes__box"
          aria-label={`${label} ${i + 1}/4`}
          aria-invalid={invalid || undefined}
          inputMode={i === 3 ? "text" : "numeric"}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={4}
          value={ch}
          onChange={(e) => {
            const value = e.target.value.toUpperCase();
            if (!value) return update(chars.map((c, j) => (j === i ? "" : c)), null);
            fillFrom(i, value.length > 1 ? value.replace(ch, "") || value : value);
          }}
          onKeyDown={(e) => {
            if (e.key === "Backspace" && !chars[i] && i > 0) {
              e.preventDefault();
              update(chars.map((c, j) => (j === i - 1 ? "" : c)), i - 1);
            }
          }}
          onPaste={(e) => {
            e.preventDefault();
            fillFrom(0, e.clipboardData.getData("text"));
          }}
        />
      ))}
    </div>
  );
}
