/**
 * The message catalogs: one JSON file per namespace and language under packages/i18n/catalogs,
 * ICU MessageFormat ("{name} thanked you", "{count, plural, one {# day} other {# days}}") as Lingui
 * reads it. English is the source: its keys are the message ids the code may use, checked by
 * TypeScript, and every other language must have every key with the same placeholders
 * (catalogs.test.ts). The spec's English error messages live in @hyn/validators' `messages`; the
 * `errors` namespace holds their translations only, by the same keys (error-texts.ts).
 */
import type about from "../catalogs/about/en.json";
import type admin from "../catalogs/admin/en.json";
import type auth from "../catalogs/auth/en.json";
import type calendar from "../catalogs/calendar/en.json";
import type common from "../catalogs/common/en.json";
import type dates from "../catalogs/dates/en.json";
import type email from "../catalogs/email/en.json";
import type groups from "../catalogs/groups/en.json";
import type profile from "../catalogs/profile/en.json";
import type push from "../catalogs/push/en.json";
import type requests from "../catalogs/requests/en.json";
import type request from "../catalogs/request/en.json";
import type sharing from "../catalogs/sharing/en.json";
import type unsubscribe from "../catalogs/unsubscribe/en.json";
import type asking from "../catalogs/asking/en.json";
import type moderation from "../catalogs/moderation/en.json";
import type trips from "../catalogs/trips/en.json";
import type sheet from "../catalogs/sheet/en.json";

/** English catalogs by namespace: the shape every language follows. */
export interface SourceCatalogs {
  common: typeof common;
  /** Month and weekday names and the order of a date's parts (apps/web/src/lib/dates.ts). */
  dates: typeof dates;
  auth: typeof auth;
  requests: typeof requests;
  /** One request's own page (where a notification's link leads), loaded with it, not with the dashboard. */
  request: typeof request;
  groups: typeof groups;
  /**
   * How a group grows (issue 27): group links, join requests, inviting, a group's description, the join
   * page; and the member list (issue 29: the Groups page's texts the dashboard never shows).
   */
  sharing: typeof sharing;
  profile: typeof profile;
  admin: typeof admin;
  about: typeof about;
  unsubscribe: typeof unsubscribe;
  email: typeof email;
  calendar: typeof calendar;
  push: typeof push;
  /** Asking for something (issue 28): the new-request form, what to do if it is not there, repeating requests. */
  asking: typeof asking;
  /** The report dialog (issue 29), loaded with it; the admin's report queue loads it too. */
  moderation: typeof moderation;
  /** Shopping trips others add to (issue 28): the trips page, a trip's page and shopping list, the dashboard's trips. */
  trips: typeof trips;
  /**
   * A group's notice-board sheet (issue 42 §2): the web prints it and the server writes it as a PDF, so both
   * read this namespace (the server's translator too, `SHEET_NAMESPACE`).
   */
  sheet: typeof sheet;
}
export type Namespace = keyof SourceCatalogs;

/** Namespaces the web app loads (per screen, see apps/web/src/i18n); the rest are the server's. */
export const WEB_NAMESPACES = [
  "common",
  "dates",
  "auth",
  "requests",
  "request",
  "groups",
  "sharing",
  "profile",
  "admin",
  "about",
  "unsubscribe",
  "asking",
  "moderation",
  "trips",
  "sheet",
] as const satisfies readonly Namespace[];
export type WebNamespace = (typeof WEB_NAMESPACES)[number];
export const SERVER_NAMESPACES = ["email", "calendar", "push"] as const satisfies readonly Namespace[];
export type ServerNamespace = (typeof SERVER_NAMESPACES)[number];
/** The one namespace both sides read: the notice-board sheet, printed by the web and written as a PDF. */
export const SHEET_NAMESPACE = "sheet";
/** What the server's translator writes: its own namespaces and the sheet's. */
export type ServerTextNamespace = ServerNamespace | typeof SHEET_NAMESPACE;
/** The translations of @hyn/validators' messages (no English file: the spec's texts are the English). */
export const ERRORS_NAMESPACE = "errors";

/** "requests.claim": a namespace and a key of its English catalog. */
export type MessageId<N extends Namespace = Namespace> = {
  [K in N]: `${K}.${Extract<keyof SourceCatalogs[K], string>}`;
}[N];

/** Values for a message's placeholders. */
export type MessageValues = Record<string, string | number | Date>;

/** A catalog as a file holds it (source) or after Lingui's compiler (what the runtime reads). */
export type CatalogMessages = Record<string, unknown>;

/** Prefixes a namespace's keys so that all namespaces share one Lingui catalog per language. */
export function withNamespace(namespace: string, messages: CatalogMessages): Record<string, never> {
  const out: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) out[`${namespace}.${key}`] = message;
  return out as Record<string, never>;
}
