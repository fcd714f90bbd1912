import { HOUR_MS, type Clock } from "@hyn/core";

/** The moment `hours` after the clock's now (a test app's FakeClock), as the database takes it. */
export const hoursAfter = (clock: Clock, hours: number) => new Date(clock.now().getTime() + hours * HOUR_MS);

/** The same moment as ISO text, as a REST or tRPC body carries it. */
export const isoHoursAfter = (clock: Clock, hours: number) => hoursAfter(clock, hours).toISOString();
