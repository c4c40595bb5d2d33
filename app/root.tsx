import {
  Links,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  type ShouldRevalidateFunction,
} from "react-router";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import mainTokens from "#brands/main/tokens.css?url";
import pikkujattiTokens from "#brands/pikkujatti/tokens.css?url";
import mainLogo from "#brands/main/logo.svg?url";
import pikkujattiLogo from "#brands/pikkujatti/logo.svg?url";
import { requestInfo, sessionState } from "./.server/context";
import { now } from "./.server/clock";
import { csrfTokenFor } from "./.server/csrf";
import { sessionBinding } from "./.server/session";
import { env } from "./.server/env";
import { TEXTS_VERSION, getLang, i18nextMiddleware } from "./.server/i18n";
import { pathsUrl, textGroupsOf, textsUrl } from "./lib/text-groups";
import { analyticsMarkersContext, flashContext, sessionMiddleware } from "./.server/middleware";
import { PageTexts } from "./ui/i18n";
import { Footer, Header, useAlternates } from "./ui/layout";
import { FlashMessage, ToastProvider } from "./ui/notifications";
import { useNonce } from "./ui/nonce";
import { useRootData, type RootData } from "./ui/root-data";
import { ErrorView, IDENTIFICATION_UNAVAILABLE } from "./ui/lazy-error-view";
import { AnalyticsConsentBanner } from "./ui/analytics-consent";
import { useAnalyticsEvents } from "./ui/analytics";
import { useFocusAfterSubmission } from "./ui/result-focus";
import { customerServicePhone, type Feature } from "#brands/index";
import { db } from "./.server/db/client";
import { unreadMessagesOf } from "./features/messaging/messaging.server";
import { isRoutePath } from "./route-table";
import { menuGroups, menuLinks, showsMessagesItem, userMenuItems } from "./ui/menu.server";

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, sessionMiddleware];

const TOKENS = { main: mainTokens, pikkujatti: pikkujattiTokens } as const;
const LOGOS = { main: mainLogo, pikkujatti: pikkujattiLogo } as const;

// Only logged-in pages warn before the session ends, and only minutes later: anonymous pages (the login page,
// the clinic door) do not carry this code, and logged-in ones load it a few minutes before the first warning is due
// (SessionExpiry below), not with the page.
const SessionExpiryWarnings = lazy(() =>
  import("./ui/session-expiry").then((m) => ({ default: m.SessionExpiryWarnings })),
);
const LOAD_WARNINGS_AHEAD_MS = 5 * 60_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const info = requestInfo(context);
  const session = sessionState(context);
  const lang = getLang(context);
  const flash = context.get(flashContext);
  flash.shown = !!flash.flash;
  // The one-time analytics markers are read here; the root middleware clears their cookies.
  context.get(analyticsMarkersContext).read = true;
  const brand = info.brand;
  const valid = session.status === "valid" ? session : null;
  const user = valid?.user ?? null;
  const acting = valid?.actingPerson && user && valid.actingPerson.id !== user.id ? valid.actingPerson : null;
  const features: Feature[] = [...brand.features[info.environment]];
  if (user?.isSicknessFundMember) features.push("is-finnair-sickness-fund-member");
  const menuInput = { brandId: brand.id, hiddenPages: brand.hiddenPages, features, lang };
  const unreadMessages =
    valid?.actingPerson && showsMessagesItem({ ...menuInput, user: valid.user })
      ? ((await unreadMessagesOf(db(), valid.actingPerson.id, openingThreadId(request))) ?? undefined)
      : undefined;
  return {
    lang,
    environment: info.environment,
    brand: {
      id: brand.id,
      name: brand.name,
      businessName: brand.businessName,
      customerServicePhone: customerServicePhone(brand, info.environment),
      links: brand.links,
      logo: { url: LOGOS[brand.id], height: brand.logo.height, width: brand.logo.width },
    },
    menu: {
      groups: menuLinks(
        menuGroups({
          ...menuInput,
          user: user ? { hasOccupationalCare: user.hasOccupationalCare, unreadMessages } : null,
        }),
      ),
      userItems: user ? menuLinks([{ labelKey: null, items: userMenuItems(brand.hiddenPages) }])[0].items : [],
    },
    user: user ? { firstName: user.firstName, lastName: user.lastName } : null,
    acting: acting ? { firstName: acting.firstName, lastName: acting.lastName } : null,
    // With the server's now, so a device whose clock is off still warns on time.
    session: valid ? { expiresAt: valid.expiresAt.toISOString(), now: now().toISOString() } : null,
    csrfToken: csrfTokenFor(info.csrfCookie, sessionBinding(session)),
    flash: flash.flash,
    textsVersion: TEXTS_VERSION,
    sentry: env().sentryDsn ? { dsn: env().sentryDsn!, environment: info.environment } : null,
    origin: info.origin,
    analyticsConsent: info.analyticsConsent,
    analyticsEvents:
      info.analyticsConsent === true && (info.analyticsMarkers.consentSaved || info.analyticsMarkers.loginType)
        ? info.analyticsMarkers
        : null,
    sessionScope: info.sessionScope,
  } satisfies RootData;
}

/** The thread a request opens (its page marks it read while this loader counts the unread ones). */
function openingThreadId(request: Request): number | undefined {
  const { pathname } = new URL(request.url);
  if (!isRoutePath(pathname, "conversation")) return undefined;
  const id = Number(pathname.split("/").pop());
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * The root's data (user, flash, language) changes with a form post, a login or a language change; other
 * navigations keep it. (Texts are not in it: each page's come as static files.)
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  nextParams,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  // Opening a conversation reads it, so the menu's unread count is fetched again. (Its page is the one with a
  // `:threadId`: the browser need not match paths against the route table for it.)
  if (nextParams.threadId !== undefined) return true;
  return currentUrl.pathname.split("/")[1] !== nextUrl.pathname.split("/")[1];
};

/**
 * The page's text files and the pages' path words, preloaded so that they arrive with the scripts (the browser
 * hydrates with them).
 */
function TextPreloads({ data }: { data: RootData }) {
  const matches = useMatches();
  const files = textGroupsOf(matches, data.flash?.key).map((group) =>
    textsUrl(data.textsVersion, data.lang, data.brand.id, group),
  );
  return [...files, pathsUrl(data.textsVersion)].map((href) => (
    <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} />
  ));
}

function Alternates() {
  const data = useRootData();
  const alternates = useAlternates();
  if (!data) return null;
  return (
    <>
      {alternates.map((a) => (
        <link key={a.lang} rel="alternate" hrefLang={a.lang} href={`${data.origin}${a.href}`} />
      ))}
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const lang = data?.lang ?? "fi";
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0079ad" />
        {data?.sentry ? (
          <>
            <meta name="sentry-dsn" content={data.sentry.dsn} />
            <meta name="sentry-environment" content={data.sentry.environment} />
          </>
        ) : null}
        {/* The stylesheets' URLs are empty only where CSS is not built (the test runner renders pages without it). */}
        {TOKENS[data?.brand.id ?? "main"] ? <link rel="stylesheet" href={TOKENS[data?.brand.id ?? "main"]} /> : null}
        {appCss ? <link rel="stylesheet" href={appCss} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* No <Meta />: each page writes its own <title> (ui/page-title.tsx), and React Router's meta renderer
            would be about 0.5 kB more script on every page. */}
        <Links />
        <Alternates />
        {data ? <TextPreloads data={data} /> : null}
      </head>
      <body className={`brand-${data?.brand.id ?? "main"}`}>
        {data ? (
          <PageTexts
            lang={data.lang}
            brandId={data.brand.id}
            version={data.textsVersion}
            flashKey={data.flash?.key ?? null}
          >
            <ToastProvider>{children}</ToastProvider>
          </PageTexts>
        ) : (
          children
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const data = useRootData()!;
  useFocusAfterSubmission();
  useAnalyticsEvents();
  // A booking started from the mobile app shows the page alone: no header or footer (spec part 1 §2, §3).
  const inApp = data.sessionScope === "in-app-booking";
  return (
    <>
      <AnalyticsConsentBanner />
      {inApp ? null : <Header root={data} />}
      <main id="main" className="main container" tabIndex={-1}>
        <FlashMessage flash={data.flash} />
        {children}
      </main>
      {inApp ? null : <Footer root={data} />}
      {data.session ? (
        <SessionExpiry key={data.session.expiresAt} expiresAt={data.session.expiresAt} serverNow={data.session.now} />
      ) : null}
    </>
  );
}

/**
 * The session-expiry warnings (ui/session-expiry.tsx), started a few minutes before the session would end by what the
 * page was told; they ask the server again before warning (activity elsewhere may have extended it). Keyed by the
 * expiry, so a new one from the root's data starts the wait again.
 */
function SessionExpiry({ expiresAt, serverNow }: { expiresAt: string; serverNow: string }) {
  // The server's now when the warnings start: they count down from it.
  const [startedAt, setStartedAt] = useState<string | null>(null);
  useEffect(() => {
    const shownAt = Date.now();
    const at = Date.parse(serverNow);
    const timer = window.setTimeout(
      () => setStartedAt(new Date(at + Date.now() - shownAt).toISOString()),
      Date.parse(expiresAt) - at - LOAD_WARNINGS_AHEAD_MS,
    );
    return () => window.clearTimeout(timer);
  }, [expiresAt, serverNow]);
  return startedAt ? (
    <Suspense fallback={null}>
      <SessionExpiryWarnings expiresAt={expiresAt} serverNow={startedAt} />
    </Suspense>
  ) : null;
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRootData();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!data) {
    // The root itself failed: no texts or brand are available, so a plain Finnish/English page.
    return (
      <main id="main" className="main container">
        <h1>Pahoittelut! Jotain meni vikaan. / Apologies! Something went wrong.</h1>
        <p>
          <a href={location.pathname + location.search}>Yritä uudelleen / Try again</a>
        </p>
      </main>
    );
  }
  return (
    <Shell>
      <RouteError
        status={status}
        reason={isRouteErrorResponse(error) ? (error.data as { reason?: unknown })?.reason : null}
      />
    </Shell>
  );
}

function RouteError({ status, reason }: { status: number; reason: unknown }) {
  if (status === 503 && reason === IDENTIFICATION_UNAVAILABLE)
    return <ErrorView kind="identificationUnavailable" retry />;
  if (status === 400) return <ErrorView kind="badRequest" />;
  if (status === 404) return <ErrorView kind="notFound" />;
  if (status === 403) return <ErrorView kind="forbidden" />;
  // No retry link: the request reached the catch-all route (http-guards.ts `answerUnread`); the browser's back
  // button returns to the form, usually as it was filled in.
  if (status === 413) return <ErrorView kind="tooLarge" />;
  if (status === 429) return <ErrorView kind="tooManyRequests" />;
  return <ErrorView kind="generic" retry />;
}
