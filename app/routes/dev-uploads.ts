import { data } from "react-router";
import type { Route } from "./+types/dev-uploads";
import { allowMethods } from "~/.server/api";
import { now } from "~/.server/clock";
import { LocalFileStorage, storage } from "~/.server/storage";

export const middleware = [allowMethods("PUT")];

/**
 * PUT /dev/uploads/<key>?…&signature: the development file storage's upload URL (see storage/local.ts). Checked
 * from the request line and headers before a byte is read; 404 whenever the storage is S3 (and in production no
 * /dev path answers at all).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const store = storage();
  if (!(store instanceof LocalFileStorage)) throw data(null, { status: 404 });
  const key = `${params.purpose}/${params.name}`;
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
  if (refused)
    return new Response(refused.reason, { status: refused.status, headers: { "Content-Type": "text/plain" } });
  if (!(await store.receive(key, request.body, Number(query.get("max")))))
    return new Response("tooLarge", { status: 413, headers: { "Content-Type": "text/plain" } });
  return new Response(null, { status: 200 });
}
