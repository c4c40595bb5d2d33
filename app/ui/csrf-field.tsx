import { useCsrfToken } from "./root-data";

/** Hidden CSRF token; every form that posts includes it. */
export function CsrfField() {
  return <input type="hidden" name="csrfToken" value={useCsrfToken()} />;
}
