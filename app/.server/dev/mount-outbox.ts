import type { Express } from "express";
import { desc } from "drizzle-orm";
import { db } from "../db/client";
import { outboxMessages } from "../db/schema";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Escaped text with its http(s) links made clickable. */
export function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escape(part)}">${escape(part)}</a>` : escape(part)))
    .join("");
}

/** Without an SMS gateway, /dev/outbox shows what would have been sent, newest first. */
export function mountDevOutbox(app: Express) {
  app.get("/dev/outbox", async (_req, res, next) => {
    try {
      const rows = await db()
        .select()
        .from(outboxMessages)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(200);
      const items = rows
        .map(
          (r) =>
            `<li><p><strong>${escape(r.channel.toUpperCase())} → ${escape(r.recipient)}</strong> · <time datetime="${r.createdAt.toISOString()}">${escape(r.createdAt.toISOString())}</time></p><p>${linkify(r.body)}</p></li>`,
        )
        .join("");
      res
        .type("html")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox (development)</title></head><body><main><h1>Outbox (development)</h1><p>Messages the portal would have sent, newest first. <a href="/dev/reminders">Run the appointment reminder job now</a>.</p>${rows.length ? `<ol>${items}</ol>` : "<p>No messages.</p>"}</main></body></html>`,
        );
    } catch (error) {
      next(error);
    }
  });
}
