import { data, redirect } from "react-router";
import type { Route } from "./+types/kela-card";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { flashCookie } from "~/.server/flash";
import { readFormWithFiles } from "~/.server/form-body";
import { getLang } from "~/.server/i18n";
import { storage } from "~/.server/storage";
import { KelaCard } from "~/features/my-information/kela-card";
import { KelaCardForm } from "~/features/my-information/kela-card-form";
import { checkPostedImages, kelaCardImages, saveKelaCard } from "~/features/my-information/kela-card.server";
import { requireUser } from "~/.server/guards";
import type { TextsHandle } from "~/lib/text-groups";
import { href } from "~/route-table";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";

export const handle = { i18n: ["myInformation.kelaCard"] } satisfies TextsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireUser(context, request, getLang(context));
  return { images: await kelaCardImages(db(), session) };
}

/**
 * The Kela card form without JavaScript: both images in one multipart post, read within their limits (a side past
 * its limit is dropped while reading and reported as too large; see form-body.ts). Errors re-render the form with
 * 400; saving returns to My information.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const { form, tooLarge } = await readFormWithFiles(request, context);
  const file = (name: string) => {
    const value = form.get(name);
    return value instanceof File ? value : null;
  };
  const checked = await checkPostedImages({ front: file("front"), back: file("back") }, tooLarge);
  if ("problems" in checked) return data({ problems: checked.problems }, { status: 400 });
  await saveKelaCard(db(), storage(), session, checked.images, now());
  throw redirect(href("myInformation", lang), {
    headers: { "Set-Cookie": flashCookie({ type: "success", key: "myInformation.saved.kelaCard" }) },
  });
}

export default function KelaCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const k = (key: string) => `myInformation.kelaCard.${key}`;
  const heading = t(k("heading"));
  const title = `${heading} – ${t(k("myInformation"))}`;
  const intro = (
    <>
      <h1>{heading}</h1>
      <p className="lead">{t(k("intro"))}</p>
    </>
  );
  return (
    <div className="narrow">
      <KelaCard
        key={JSON.stringify(actionData?.problems ?? null)}
        page={{ title, intro }}
        images={loaderData.images}
        problems={actionData?.problems}
        Form={KelaCardForm}
        frame={(body, live, form) => (
          <>
            {form ? (
              body
            ) : (
              <>
                <PageTitle title={title} />
                {intro}
                {body}
              </>
            )}
            {live}
            <p>
              <LocalizedLink to="myInformation">{t(k("back"))}</LocalizedLink>
            </p>
          </>
        )}
      />
    </div>
  );
}
