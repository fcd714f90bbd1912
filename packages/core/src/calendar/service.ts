import { calendarFeeds, trips, users } from "@hyn/db";
import { and, eq, gt, ne } from "drizzle-orm";
import type { RateLimitService } from "../rate-limits/service";
import type { CoreDeps } from "../shared/deps";
import { PRODUCT_NAME } from "../shared/config";
import { AppError } from "../shared/errors";
import { localeOf } from "../shared/locale";
import { hashToken } from "../shared/tokens";
import { selectCalendarEntry, selectFeedEntries } from "./entries";
import { feedToken, loadFeedKey, newFeedSeed } from "./feed-tokens";
import { CALENDAR_CONTENT_TYPE, renderCalendar, requestCalendarFilename, requestsCalendar } from "./ics";
import { addTripEvent } from "./trip-ics";
import { selectTrips } from "../request-views/trips";

/** A calendar file as a transport sends it. */
export interface CalendarFile {
  filename: string;
  contentType: string;
  content: string;
}

/** The feed token's shape (base32 of 160 bits); anything else is not looked up. */
const FEED_TOKEN_PATTERN = /^[a-z2-7]{32}$/;

export function createCalendarService(deps: CoreDeps, rateLimits: RateLimitService) {
  const { db, clock, config } = deps;
  // Written in the reader's language: the caller's account for a download, the owner's for a feed.
  const calendarOptions = (readerId: string, locale: string) => ({
    appUrl: config.appUrl,
    readerId,
    now: clock.now(),
    locale: localeOf(locale),
  });

  // The key never changes once stored: read once per instance (again after a failed read).
  let feedKey: Promise<string> | null = null;
  function key(): Promise<string> {
    feedKey ??= loadFeedKey(db).catch((error: unknown) => {
      feedKey = null;
      throw error;
    });
    return feedKey;
  }

  /** Where calendar apps fetch the feed: no session, the token is the credential. */
  async function feedUrl(userId: string, seed: string): Promise<{ url: string }> {
    const token = feedToken(await key(), userId, seed);
    return { url: `${config.appUrl}/api/calendar/${token}.ics` };
  }

  async function storeNewSeed(userId: string, replace: boolean): Promise<void> {
    const seed = newFeedSeed();
    const tokenHash = hashToken(feedToken(await key(), userId, seed));
    const insert = db.insert(calendarFeeds).values({ userId, seed, tokenHash, createdAt: clock.now() });
    await (replace
      ? insert.onConflictDoUpdate({ target: calendarFeeds.userId, set: { seed, tokenHash, createdAt: clock.now() } })
      : insert.onConflictDoNothing());
  }

  async function feedLink(userId: string): Promise<{ url: string }> {
    const read = () =>
      db.select({ seed: calendarFeeds.seed }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    let [feed] = await read();
    if (!feed) {
      // Two first asks at once: the first insert wins and both answer its link.
      await storeNewSeed(userId, false);
      [feed] = await read();
    }
    return feedUrl(userId, feed!.seed);
  }

  return {
    /**
     * GET /requests/{id}/calendar.ics: the request as one event, for whoever may read the request,
     * in `locale`: the caller's account's language (`users.locale`).
     */
    async requestCalendar(userId: string, requestId: string, locale: string): Promise<CalendarFile> {
      const entry = await selectCalendarEntry(db, config, requestId, userId);
      if (!entry) throw new AppError("NOT_FOUND", "requestNotFound");
      return {
        filename: requestCalendarFilename(entry.itemDescription),
        contentType: CALENDAR_CONTENT_TYPE,
        content: renderCalendar([entry], calendarOptions(userId, locale)),
      };
    },

    /** GET /user/calendar-feed: the caller's feed link, made on the first ask. */
    feedLink,

    /** POST /user/calendar-feed/regenerate: a new link; the old one is refused from now on. */
    async regenerateFeedLink(userId: string): Promise<{ url: string }> {
      await storeNewSeed(userId, true);
      return feedLink(userId);
    },

    /**
     * GET /calendar/{token}.ics, no session: the feed of the token's owner. The token is the
     * credential, so an unknown one counts against the caller's IP and a full window refuses even a
     * right guess: guessing costs a window per few tries. Calendar apps that poll a good link count nothing.
     */
    async feed(token: string, ip: string): Promise<CalendarFile> {
      await rateLimits.assertNotFull("calendarFeedFailuresPerIp", ip);
      const [feed] = FEED_TOKEN_PATTERN.test(token)
        ? await db
            .select({ userId: calendarFeeds.userId, locale: users.locale })
            .from(calendarFeeds)
            .innerJoin(users, eq(users.id, calendarFeeds.userId))
            .where(eq(calendarFeeds.tokenHash, hashToken(token)))
        : [];
      if (!feed) {
        await rateLimits.record("calendarFeedFailuresPerIp", ip);
        throw new AppError("NOT_FOUND", "notFound");
      }
      const now = clock.now();
      const [entries, ownTrips] = await Promise.all([
        selectFeedEntries(db, config, feed.userId, now),
        // The reader's own trips not cancelled, until they leave (issue 28): each with its reminder.
        selectTrips(
          db,
          now,
          feed.userId,
          and(eq(trips.tripperId, feed.userId), ne(trips.status, "cancelled"), gt(trips.departsAt, now))!,
        ),
      ]);
      const options = { ...calendarOptions(feed.userId, feed.locale), name: PRODUCT_NAME };
      const calendar = requestsCalendar(entries, options);
      for (const trip of ownTrips) addTripEvent(calendar, config.appUrl, trip, options.locale);
      return {
        filename: `${PRODUCT_NAME.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.ics`,
        contentType: CALENDAR_CONTENT_TYPE,
        content: calendar.toString(),
      };
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
