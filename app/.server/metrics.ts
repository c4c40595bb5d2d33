import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import client, { type Counter, type Gauge, type Histogram } from "prom-client";

/**
 * The portal's metrics in the Prometheus text format: requests by route id (never the raw path), their latency and
 * how many are in flight or shed, the database pool and its query time, the SMS outbox, rate-limit refusals and
 * clinic-door lockouts, logins by method and outcome, payments by status, and Node's own process metrics. They live
 * in prom-client's global registry, so the server entry (load shedding) and the built app count into one place.
 * Served only on a port of their own (METRICS_PORT, server.ts) or with a bearer token (METRICS_TOKEN), never on the
 * public origin without one.
 */

function metric<T>(name: string, make: () => T): T {
  // A development reload imports this module again; the registry keeps the first.
  return (client.register.getSingleMetric(name) as T | undefined) ?? make();
}

export const httpRequests: Counter<"route" | "method" | "status"> = metric(
  "portal_http_requests_total",
  () =>
    new client.Counter({
      name: "portal_http_requests_total",
      help: "Requests answered, by route id, method and status class",
      labelNames: ["route", "method", "status"],
    }),
);

export const httpDuration: Histogram<"route" | "method"> = metric(
  "portal_http_request_duration_seconds",
  () =>
    new client.Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Time to answer a request, by route id and method",
      labelNames: ["route", "method"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
);

export const httpInFlight: Gauge = metric(
  "portal_http_requests_in_flight",
  () => new client.Gauge({ name: "portal_http_requests_in_flight", help: "Requests being served now" }),
);

export const httpShed: Counter = metric(
  "portal_http_requests_shed_total",
  () =>
    new client.Counter({
      name: "portal_http_requests_shed_total",
      help: "Requests answered 503 at once because too many were in flight",
    }),
);

export const dbQueryDuration: Histogram = metric(
  "portal_db_query_duration_seconds",
  () =>
    new client.Histogram({
      name: "portal_db_query_duration_seconds",
      help: "Time of a database query (PostgreSQL pool)",
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 4],
    }),
);

export const rateLimited: Counter<"limit"> = metric(
  "portal_rate_limited_total",
  () =>
    new client.Counter({
      name: "portal_rate_limited_total",
      help: "Requests refused by a rate limit, by limit",
      labelNames: ["limit"],
    }),
);

export const doorLockouts: Counter = metric(
  "portal_door_lockouts_total",
  () =>
    new client.Counter({ name: "portal_door_lockouts_total", help: "Clinic-door links locked after wrong answers" }),
);

export const logins: Counter<"method" | "outcome"> = metric(
  "portal_logins_total",
  () =>
    new client.Counter({
      name: "portal_logins_total",
      help: "Identifications finished at the callback, by method (acr) and outcome",
      labelNames: ["method", "outcome"],
    }),
);

export const payments: Counter<"status"> = metric(
  "portal_payments_total",
  () =>
    new client.Counter({
      name: "portal_payments_total",
      help: "Payment results recorded from the provider, by status",
      labelNames: ["status"],
    }),
);

type Probe = () => Promise<void> | void;
const probes = new Map<string, Probe>();

/** A gauge read when the metrics are scraped (the pool's connections, the outbox's queue). */
export function gaugeOnScrape(
  name: string,
  help: string,
  labelNames: string[],
  read: (gauge: Gauge) => Promise<void> | void,
) {
  const gauge = metric(name, () => new client.Gauge({ name, help, labelNames, collect: () => probes.get(name)?.() }));
  probes.set(name, () => read(gauge));
}

/** The metrics page, in the Prometheus text format. */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  // Once per process, whichever copy of this module (server entry or build) asks first.
  if (!client.register.getSingleMetric("process_cpu_user_seconds_total")) client.collectDefaultMetrics();
  return { contentType: client.register.contentType, text: await client.register.metrics() };
}

/** GET /metrics on the public origin: with `Authorization: Bearer <METRICS_TOKEN>` only, else as if it were not there. */
export function metricsWithToken(token: string | null): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return (req, res, next) => {
    const sent = Buffer.from(req.get("Authorization") ?? "");
    if (!expected || sent.length !== expected.length || !timingSafeEqual(sent, expected)) return next();
    metricsText().then(({ contentType, text }) => {
      res.set("Content-Type", contentType).set("Cache-Control", "no-store").send(text);
    }, next);
  };
}
