/** Names and descriptions go into headers and single lines: one line each, whatever was stored. */
export const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export function shorten(value: string, max: number): string {
  const line = oneLine(value);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function formatWhen(date: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
  return `${text} (${timeZone})`;
}
