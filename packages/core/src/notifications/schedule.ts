/** When the daily summary is due: DIGEST_HOUR o'clock in APP_TIMEZONE, computed with Intl (no tz library). */
export interface DigestSchedule {
  hour: number;
  timeZone: string;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function wallTime(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far the zone's clock is ahead of UTC at that instant. */
function offsetMs(instant: Date, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant when the zone's clock shows that date at `hour`:00. Inside a spring-forward gap, where
 * that wall time does not exist, the instant after the gap.
 */
export function instantOf(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  const first = asUtc - offsetMs(new Date(asUtc), timeZone);
  const second = asUtc - offsetMs(new Date(first), timeZone);
  return new Date(Math.max(first, second));
}

/** The latest digest time at or before `now`: today's if it has passed in the zone, else yesterday's. */
export function latestDigestSlot(now: Date, schedule: DigestSchedule): Date {
  const today = wallTime(now, schedule.timeZone);
  const slot = instantOf(today.year, today.month, today.day, schedule.hour, schedule.timeZone);
  if (slot.getTime() <= now.getTime()) return slot;
  const yesterday = new Date(Date.UTC(today.year, today.month - 1, today.day - 1));
  return instantOf(
    yesterday.getUTCFullYear(),
    yesterday.getUTCMonth() + 1,
    yesterday.getUTCDate(),
    schedule.hour,
    schedule.timeZone,
  );
}

/** When the weekly summary is due (issue 41): DIGEST_WEEKDAY (0 Sunday … 6 Saturday) at DIGEST_HOUR in APP_TIMEZONE. */
export interface WeeklySchedule extends DigestSchedule {
  weekday: number;
}

/**
 * The latest weekly summary time at or before `now`: that weekday's DIGEST_HOUR in the zone, this week's
 * if it has passed, else the one seven days before. The weekday is the zone's (late Saturday in UTC may be
 * Sunday in Tokyo), and each date's hour is placed by its own offset, so a week that changes clocks is
 * still one weekday to the next at the same wall hour.
 */
export function latestWeeklySlot(now: Date, schedule: WeeklySchedule): Date {
  const today = wallTime(now, schedule.timeZone);
  const weekdayToday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const daysBack = (weekdayToday - schedule.weekday + 7) % 7;
  const slotOn = (back: number) => {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day - back));
    return instantOf(
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      date.getUTCDate(),
      schedule.hour,
      schedule.timeZone,
    );
  };
  const slot = slotOn(daysBack);
  return slot.getTime() <= now.getTime() ? slot : slotOn(daysBack + 7);
}
