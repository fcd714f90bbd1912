/** Where mail providers send RFC 8058 one-click unsubscribes (the e-mail's List-Unsubscribe URL), in Fastify syntax. */
export const ONE_CLICK_UNSUBSCRIBE_ROUTE = "/unsubscribe/:token";

/** The two bodies RFC 8058 allows; the JSON-only rule (plugins/json-only.ts) makes way for them on this route alone. */
export const ONE_CLICK_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
