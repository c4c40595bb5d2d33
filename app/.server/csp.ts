import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { env } from "./env";
import { storage } from "./storage";
import { isRoutePath } from "~/route-table";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Security headers for every response of the app. Scripts run only with the per-request nonce (and what those
 * scripts load, via 'strict-dynamic'); nothing may frame the portal.
 */
export function securityHeaders(): RequestHandler {
  // Browsers upload files straight to the object storage (none: the app's own development storage).
  const uploads = storage().uploadOrigin;
  return (req, res, next) => {
    const nonce = newNonce();
    res.locals.nonce = nonce;
    const dev = !env().production;
    const sentry = env().sentryDsn ? new URL(env().sentryDsn!).origin : "";
    const csp = [
      "default-src 'self'",
      dev ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : `script-src 'nonce-${nonce}' 'strict-dynamic'`,
      dev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
      // The payment page shows the providers' logos from the payment service's own image host.
      isRoutePath(req.path, "payInvoice") ? "img-src 'self' data: https:" : "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self'${dev ? " ws: wss:" : ""}${sentry ? " " + sentry : ""}${uploads ? " " + uploads : ""}`,
      // The invoice payment page's methods post straight to the payment providers (always opened as a document).
      isRoutePath(req.path, "payInvoice") ? "form-action 'self' https:" : "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "object-src 'none'",
    ].join("; ");
    // The development identity provider serves its own pages with its own policy.
    if (!req.path.startsWith("/dev/")) res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (env().production && req.secure)
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    // Pages carry personal data: never store them in shared or browser caches.
    res.setHeader("Cache-Control", "no-store");
    next();
  };
}
