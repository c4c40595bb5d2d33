import { data } from "react-router";
import type { Route } from "./+types/dev-uploads";
import { allowMethods } from "~/.server/api";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { LocalFileStorage, storage } from "~/.server/storage";
import { uploadIsOpen } from "~/.server/storage/uploads";

export const middleware = [allowMethods("PUT")];

const refuse = (reason: string, status: number) =>
  new Response(reason, { status, headers: { "Content-Type": "text/plain" } });

/**
 * PUT /dev/uploads/incoming/<purpose>/<name>?…&signature: the development file storage's upload URL (see
 * storage/local.ts). Checked from the request line and headers before a byte is read, and taken only while its
 * upload is open: once finished, refused or expired, the URL stores nothing more. 404 whenever the storage is S3
 * (and in production no /dev path answers at all).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const store = storage();
  if (!(store instanceof LocalFileStorage)) throw data(null, { status: 404 });
  const key = `${params.folder}/${params.purpose}/${params.name}`;
  const query = new URL(request.url).searchParams;
  const refused = store.checkUpload(
    {
      method: request.method,
      key,
      query,
      contentType: request.headers.get("Content-Type"),
      contentLength: request.headers.get("Content-Length"),
    },
    now(),
  );
  if (refused) return refuse(refused.reason, refused.status);
  if (!(await uploadIsOpen(db(), key, now()))) return refuse("closed", 403);
  if (!(await store.receive(key, request.body, Number(query.get("max"))))) return refuse("tooLarge", 413);
  return new Response(null, { status: 200 });
}
