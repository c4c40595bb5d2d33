import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import type { Route } from "./+types/api-kela-card-image";
import { allowMethods } from "~/.server/api";
import { db } from "~/.server/db/client";
import { storage } from "~/.server/storage";
import { readKelaCardImage } from "~/features/my-information/kela-card.server";

export const middleware = [allowMethods("GET")];

/** GET /api/kela-card/images/{file id}: an image of the session's own Kela card (404 for anyone else's). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const image = await readKelaCardImage(db(), storage(), apiUser(context), params.id);
  if (!image) throw data({ type: "NotFound" }, { status: 404 });
  return new Response(image.bytes, {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.byteLength),
      "Content-Disposition": "inline",
      // Personal data: never kept in any cache (the server adds nosniff to every answer).
      "Cache-Control": "no-store",
    },
  });
}
