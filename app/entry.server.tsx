import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import type { BackgroundJob } from "./.server/background-jobs";
import { now } from "./.server/clock";
import { requestContext } from "./.server/context";
import { db } from "./.server/db/client";
import { env } from "./.server/env";
import { reportError } from "./.server/error-reporting";
import { pageContext } from "./.server/page-context";
import { serverTextSource } from "./.server/i18n";
import { offerEarlierTimes } from "./features/appointments/earlier-time-job.server";
import { sendDueReminders } from "./features/appointments/reminders.server";
import { TextSourceProvider } from "./ui/i18n";
import { NonceProvider } from "./ui/nonce";

export const streamTimeout = 5_000;

/** What the server runs on its own every few minutes (background-jobs.ts starts these). */
export const backgroundJobs: BackgroundJob[] = [
  { name: "appointment reminders", run: () => sendDueReminders(db(), now(), { environment: env().environment }) },
  { name: "earlier-time offers", run: () => offerEarlierTimes(db(), now()) },
];

/**
 * React writes a page in 2 kB pieces, and the response adapter flushes the response, and so its gzip stream,
 * after each piece: a dozen compressor flushes per page, a tenth of a page's server time. This passes on what
 * React wrote in one turn of the event loop as one piece, so the shell still goes out at once and later
 * streamed parts as they come, with one flush each.
 */
function coalescing(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (pending.length) this.push(Buffer.concat(pending));
          pending = [];
        });
      }
      done();
    },
    flush(done) {
      if (pending.length) this.push(Buffer.concat(pending));
      pending = [];
      done();
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestContext).nonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Bots and no-JS clients get the complete document at once; browsers get the shell as soon as it is ready.
    const readyOption =
      isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TextSourceProvider source={serverTextSource}>
          <ServerRouter context={pageContext(routerContext)} url={request.url} nonce={nonce} />
        </TextSourceProvider>
      </NonceProvider>,
      {
        nonce,
        // React 19.2+ moves a finished Suspense boundary of over 500 bytes out of place once the page has 12.8 kB before
        // it (a hidden <div> that a script puts back): without JavaScript it stays hidden. Keep every finished part
        // in place, as before (lazyPart of ui/lazy-part.tsx renders its part on the server inside a Suspense boundary).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = coalescing();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) reportError(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A 4xx (a thrown `data()`, React Router's own 404 or 405) is the client's mistake: answered, not reported.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  reportError(error, { path: new URL(request.url).pathname });
};
