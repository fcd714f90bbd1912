import type { Clock, DevMailbox, Services } from "@hyn/core";
import { escapeHtml } from "@hyn/core";
import type { FastifyInstance } from "fastify";

/** GET /dev/mailbox: the e-mails the app "sent" without SMTP, as JSON or as a readable page. */
export function registerDevMailbox(server: FastifyInstance, mailbox: DevMailbox) {
  server.get<{ Querystring: { to?: string } }>("/dev/mailbox", async (request, reply) => {
    const entries = await mailbox.list(request.query.to);
    if (!request.headers.accept?.includes("text/html")) return { emails: entries };
    const items = entries
      .map(
        (e) => `<article><h2>${escapeHtml(e.subject)}</h2><p>To ${escapeHtml(e.to)} · ${escapeHtml(e.sentAt)}</p>
<pre>${escapeHtml(e.text)}</pre>${e.links.map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join("")}</article><hr>`,
      )
      .join("\n");
    return reply
      .type("text/html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title><meta name="color-scheme" content="light dark"></head><body><h1>Dev mailbox (${entries.length})</h1>${items || "<p>No e-mails yet.</p>"}</body></html>`,
      );
  });
}

/**
 * POST /dev/weekly-summary: runs the weekly summary now, as if this moment were DIGEST_WEEKDAY at
 * DIGEST_HOUR (issue 41), so a developer or an e2e test reads it from the dev mailbox without waiting
 * for Sunday. Only where the dev mailbox is (never in production, never with SMTP): every member with a
 * group on Weekly not summarised since now gets the week's e-mail, exactly as the scheduled run sends it.
 */
export function registerDevWeeklySummary(server: FastifyInstance, deps: { services: Services; clock: Clock }) {
  server.post("/dev/weekly-summary", async () => {
    return deps.services.notifications.runWeeklySummary({ slot: deps.clock.now() });
  });
}
