/** Times for set-up through the API, as ISO text: the server judges them against its own clock, the real one. */

/** The moment `seconds` from now, as ISO text. */
export const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** The moment `hours` from now, as ISO text. */
export const hoursFromNow = (hours: number) => secondsFromNow(hours * 3600);

/** The moment `days` from now, as ISO text. */
export const daysFromNow = (days: number) => hoursFromNow(24 * days);
