import "react-router";
import express from "express";
import { brands, parseFeatureOverrides, withFeatureOverrides, type BrandId } from "#brands/index";
import { securityHeaders } from "./csp";
import { currentDatabase, db, openDatabase, setDatabase } from "./db/client";
import { isEmpty, seed } from "./db/seed/seed";
import { now } from "./clock";
import { assertSafeConfiguration, developmentStandIns, env } from "./env";
import { bodyLimits } from "./body-limits";
import { readUploadForms } from "./form-body";
import { malformedPaths, noDevelopmentPaths } from "./http-guards";
import { serveRequests } from "./portal-handler";
import { serveTexts } from "./i18n";
import { onMissingText } from "~/lib/translate";
import { startSmsDelivery } from "./sms/gateway";
import { startBackgroundJobs, type BackgroundJob } from "./background-jobs";
import { initErrorReporting, reportError } from "./error-reporting";
import { logger } from "./logger";
import { mountDevIdentity } from "./dev/mount-identity";
import { mountDevOutbox } from "./dev/mount-outbox";
import { mountDevPayments } from "./dev/payments";
import { purgeOldSessions } from "./session";
import { refreshStatistics } from "./db/statistics";
import { storage } from "./storage";
import { purgeAbandonedUploads } from "./storage/uploads";
import { drainingAnswers, readyz } from "./readiness";
import { requestLog } from "./request-log";
import { purgeExpiredRecords } from "./retention";
import { gaugeOnScrape, metricsWithToken } from "./metrics";
import { count, isNull, min } from "drizzle-orm";
import { outboxMessages } from "./db/schema";

export { startDraining } from "./readiness";

/**
 * Opens (and on first run migrates and seeds) the database. Kept on globalThis so a development reload of this
 * module does not open the embedded database twice.
 */
const state = ((globalThis as { __portal?: { ready?: Promise<express.Express> } }).__portal ??= {});

export async function prepareDatabase() {
  assertSafeConfiguration();
  if (currentDatabase()) return;
  const handle = await openDatabase({ databaseUrl: env().databaseUrl, dataDir: env().dataDir });
  setDatabase(handle);
  await handle.migrate();
  if (env().seedOnEmpty && (await isEmpty(handle.db))) {
    logger.info("seeding demo data");
    await seed(handle.db, now());
  }
  await refreshStatistics(handle.db);
}

/** The SMS outbox as the metrics show it: messages not yet sent, and how long the oldest has waited. */
function watchOutbox() {
  gaugeOnScrape(
    "portal_sms_outbox_pending",
    "Outbox messages not yet sent, and the age in seconds of the oldest",
    ["measure"],
    async (gauge) => {
      const [row] = await db()
        .select({ pending: count(), oldest: min(outboxMessages.createdAt) })
        .from(outboxMessages)
        .where(isNull(outboxMessages.sentAt));
      gauge.set({ measure: "messages" }, row?.pending ?? 0);
      gauge.set({ measure: "oldest_seconds" }, row?.oldest ? (now().getTime() - row.oldest.getTime()) / 1000 : 0);
    },
  );
}

async function build(): Promise<express.Express> {
  await initErrorReporting();
  await prepareDatabase();
  watchOutbox();
  const app = express();
  app.disable("x-powered-by");
  // Only the configured proxies' X-Forwarded-For entries are believed (env.ts parseTrustProxy).
  if (env().trustProxy !== false) app.set("trust proxy", env().trustProxy);
  // The metrics with their token only (or on a port of their own, server.ts), and readiness: the scraper's and the
  // load balancer's checks are no visits, so neither is logged nor counted as a request.
  app.get("/metrics", metricsWithToken(env().metricsToken));
  app.get("/readyz", readyz);
  // First: every request gets its id and its log line, whatever answers it.
  app.use(requestLog());
  app.use(securityHeaders());
  // Before anything decodes the path (Express's parameters, the development providers' routes).
  app.use(malformedPaths());
  // The drain's answers before sessions and rate limits.
  app.use(drainingAnswers);
  app.use(bodyLimits(env().maxBodyBytes));
  app.use(readUploadForms());

  const production = env().environment === "production";
  applyDemoFeatureOverrides(production);
  if (!production)
    onMissingText((key) => logger.warn("missing text: a page renders a key it did not declare", { key }));
  if (production) {
    app.use(noDevelopmentPaths());
  } else {
    if (!env().oidcIssuer) await mountDevIdentity(app);
    if (!env().smsGatewayUrl) mountDevOutbox(app);
    if (!env().paytrail) mountDevPayments(app);
  }
  // Text files are public and the same for everyone: answered before sessions and routing.
  app.get(/^\/texts\//, serveTexts);
  if (env().smsGatewayUrl) startSmsDelivery({ url: env().smsGatewayUrl!, token: process.env.SMS_GATEWAY_TOKEN ?? "" });

  const build = await import("virtual:react-router/server-build");
  // Production resolves the build once; development re-imports it so route changes apply.
  serveRequests(app, env().production ? build : () => import("virtual:react-router/server-build"));
  const jobs = (build.entry.module as { backgroundJobs?: BackgroundJob[] }).backgroundJobs ?? [];
  startBackgroundJobs(jobs, env().jobIntervalSeconds);

  // Hourly housekeeping: expired sessions are purged (keeps the table small), so are the files of uploads never
  // finished and what has outlived its retention (retention.ts), and the embedded database, which has no
  // autovacuum, gets fresh planner statistics.
  const housekeeping = async () => {
    await purgeOldSessions();
    await purgeAbandonedUploads(db(), storage(), now());
    const purged = await purgeExpiredRecords(db(), now());
    if (Object.values(purged).some((n) => n > 0)) logger.info("expired records deleted", purged);
    const handle = currentDatabase();
    if (handle?.kind === "pglite") await refreshStatistics(handle.db);
  };
  const timer = setInterval(() => housekeeping().catch((e) => reportError(e)), 60 * 60 * 1000);
  timer.unref();
  const standIns = developmentStandIns();
  logger.info("portal ready", {
    brands: Object.keys(brands),
    environment: env().environment,
    database: currentDatabase()?.kind,
    identity: env().oidcIssuer ? "configured" : "development",
  });
  if (standIns.length)
    logger.info(
      `running with development stand-ins: ${standIns.join(", ")} — never expose this configuration; see README "Deploying"`,
    );
  return app;
}

/**
 * `FEATURES_ON` / `FEATURES_OFF` switch feature flags for a demo without editing brands/*\/brand.ts (README "Feature
 * flags"). Never in production, whose flags are the reviewed ones in brand.ts.
 */
function applyDemoFeatureOverrides(production: boolean) {
  const overrides = parseFeatureOverrides(process.env.FEATURES_ON, process.env.FEATURES_OFF);
  if (!overrides.length) return;
  if (production) {
    logger.warn("FEATURES_ON and FEATURES_OFF are ignored in production");
    return;
  }
  const lists = withFeatureOverrides(brands, env().environment, overrides);
  for (const id of Object.keys(lists) as BrandId[]) brands[id].features[env().environment] = lists[id];
  logger.info("feature flags changed by FEATURES_ON/FEATURES_OFF", lists);
}

export function getApp(): Promise<express.Express> {
  return (state.ready ??= build());
}

export async function shutdown() {
  const handle = currentDatabase();
  setDatabase(null);
  state.ready = undefined;
  await handle?.close();
}
