import { createElement, lazy, Suspense, type ComponentType } from "react";

/**
 * A part of a page that the browser loads only when the page shows it. The server renders it at once (`onServer`,
 * the component itself, given as `import.meta.env.SSR ? Component : null` so that the browser's build leaves it out);
 * the browser fetches it the first time it is shown and hydrates it when it arrives, the server's HTML standing in
 * until then. Without JavaScript the server's HTML is all there is, as for any part. A part that cannot be fetched (a
 * dropped connection) stays as the server rendered it — a plain form still posts — rather than an error page.
 */
export function lazyPart<P extends object>(
  onServer: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Loaded = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => new Promise<never>(() => {}),
    ),
  );
  return function LazyPart(props: P) {
    return <Suspense fallback={null}>{createElement(onServer ?? Loaded, props)}</Suspense>;
  };
}
