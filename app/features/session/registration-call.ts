import type { Lang } from "~/lib/lang";
import { API_PATHS } from "~/route-table/api-paths";

/**
 * The registration page's script: saves the form through POST /api/user/register and opens the next page as a
 * full page load (the session has just become a logged-in one). Any other answer, or a network failure, submits
 * the form itself to the page, whose server-rendered answer shows the errors: the same result as without script.
 */
export async function registerByCall(
  form: HTMLFormElement,
  formData: FormData,
  options: { csrfToken: string; lang: Lang; next: string | null },
) {
  try {
    const body: Record<string, unknown> = Object.fromEntries(
      [...formData].filter(([k, v]) => k !== "csrfToken" && typeof v === "string"),
    );
    if (options.next) body.next = options.next;
    const response = await fetch(
      `${API_PATHS.userRegister}?${new URLSearchParams({ csrfToken: options.csrfToken, lang: options.lang })}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(body),
      },
    );
    const answer = (await response.json().catch(() => null)) as { type?: string; next?: string } | null;
    if (
      response.ok &&
      answer?.type === "success" &&
      typeof answer.next === "string" &&
      answer.next.startsWith("/") &&
      !answer.next.startsWith("//")
    ) {
      window.location.assign(answer.next);
      return;
    }
  } catch {
    // Network failure: the page's own post below.
  }
  form.submit();
}
