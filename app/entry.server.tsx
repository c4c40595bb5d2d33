import { PassThrough } from "node:stream";
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
import { requestContext } from "./.server/context";
import { reportError } from "./.server/error-reporting";
import { serverTextSource } from "./.server/i18n";
import { TextSourceProvider } from "./ui/i18n";
import { NonceProvider } from "./ui/nonce";

export const streamTimeout = 5_000;

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
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </TextSourceProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
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
