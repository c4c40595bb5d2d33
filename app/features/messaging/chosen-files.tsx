import type { Lang } from "~/lib/lang";
import { attachmentErrorKey, checkAttachments } from "./rules";
import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";

/** "1,2 MB", "340 kB": the size of a chosen file. */
export function fileSize(bytes: number, lang: Lang): string {
  const format = (n: number, digits: number) =>
    new Intl.NumberFormat(lang === "en" ? "en-GB" : `${lang}-FI`, { maximumFractionDigits: digits }).format(n);
  if (bytes >= 1_000_000) return `${format(bytes / 1_000_000, 1)} MB`;
  return `${format(Math.max(1, Math.round(bytes / 1000)), 0)} kB`;
}

/**
 * The files chosen in the hydrated message form (message-form.tsx), each with its size and, while the form is sent,
 * its upload's progress. The form loads this as a lazy part when files are first chosen.
 */
export function ChosenFiles({ files, progress }: { files: File[]; progress: number[] | null }) {
  const t = useT();
  const lang = useLang();
  const k = (key: string) => `messaging.form.${key}`;
  return (
    <ul className="attachment-list" aria-label={t(k("chosen"))}>
      {files.map((file, i) => (
        <li key={`${file.name}-${i}`}>
          {t(k("fileSize"), { name: file.name, size: fileSize(file.size, lang) })}
          {progress ? (
            <progress max={100} value={progress[i]} aria-label={t(k("progress"), { name: file.name })}>
              {`${progress[i]} %`}
            </progress>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The problem with the chosen files (the same rules as the server's), as an error key; null when none. */
export function problemOf(files: File[]): string | null {
  const problem = files.length ? checkAttachments(files.map((f) => ({ fileName: f.name, size: f.size }))) : null;
  return problem ? attachmentErrorKey(problem) : null;
}

/** The message form's files once chosen (message-form.tsx): they are listed, and any problem is said at once. */
export function chosenState(files: File[], text: (errorKey: string) => string) {
  const fileProblem = problemOf(files);
  return { files, fileProblem, status: fileProblem ? text(fileProblem) : "" };
}
