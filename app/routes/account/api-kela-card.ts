import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import type { Route } from "./+types/api-kela-card";
import { allowMethods } from "~/.server/api";
import { db } from "~/.server/db/client";
import { kelaCardImages } from "~/features/my-information/kela-card.server";

export const middleware = [allowMethods("GET")];

/** GET /api/kela-card → { imageUrl: { front, back } } (both null without a card); URLs that serve their owner only. */
export async function loader({ context }: Route.LoaderArgs) {
  const images = await kelaCardImages(db(), apiUser(context));
  return data({ imageUrl: images ?? { front: null, back: null } }, { headers: { "Cache-Control": "no-store" } });
}
