import type { Route } from "./+types/renewal";
import { renewalAction, renewalLoader } from "./pages.server";
import { RenewalView } from "~/features/prescriptions/renewal-view";
import type { TextsHandle } from "~/lib/text-groups";

export const handle = { i18n: ["prescriptions.renewal", "prescriptions.notices"] } satisfies TextsHandle;

/**
 * A renewal request for the prescriptions named in the address (spec part 2 §2): `{ids}` accepts anything; the
 * acting person's renewable prescriptions among them get the questions, the rest are left out with a notice.
 */
export function loader(args: Route.LoaderArgs) {
  return renewalLoader(args);
}

/** Sends the request once per form (see prescriptions.server.ts), then post/redirect/get to the sent result. */
export function action(args: Route.ActionArgs) {
  return renewalAction(args);
}

export default function PrescriptionRenewal({ loaderData, actionData }: Route.ComponentProps) {
  return <RenewalView page={loaderData} answer={actionData} />;
}
