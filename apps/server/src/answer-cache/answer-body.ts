import type { ServerResponse } from "node:http";
import { expiryOf, REQUEST_STATUSES, type RequestStatus } from "@hyn/validators/rules";
import { awaitingFirstOfferFrom } from "@hyn/validators/first-offer";
import type { StoredAnswer } from "./answer-store";

const SERVER_TIME = '"serverTime":"';

/**
 * Splits a serialized answer around its `serverTime` value, so a hit can say what time it is now.
 * The first raw `"serverTime":"` is the key: inside a JSON string those quotes would be escaped.
 */
export function splitAtServerTime(body: string): Pick<StoredAnswer, "head" | "tail"> {
  const at = body.indexOf(SERVER_TIME);
  if (at < 0) return { head: Buffer.from(body), tail: null };
  const valueStart = at + SERVER_TIME.length;
  const valueEnd = body.indexOf('"', valueStart);
  return { head: Buffer.from(body.slice(0, valueStart)), tail: Buffer.from(body.slice(valueEnd)) };
}

/**
 * The bytes to send, in order: the stored parts as they are and the time now between them, so a hit
 * copies nothing (or, with no time in it, the stored body alone).
 */
export function answerParts(answer: Pick<StoredAnswer, "head" | "tail">, now: Date): Buffer[] {
  return answer.tail === null ? [answer.head] : [answer.head, Buffer.from(now.toISOString()), answer.tail];
}

/**
 * Sends the parts as the whole response, in one write to the socket (writev): a hit used to copy
 * its ~50 KB body into a new buffer each time, and under load those copies were most of what it
 * allocated (ADR 0010). `headers` are all of the response's, set before the status line goes out.
 */
export function writeAnswer(
  response: ServerResponse,
  headers: Record<string, string | number | string[] | undefined>,
  parts: readonly Buffer[],
): void {
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) response.setHeader(name, value);
  response.setHeader(
    "content-length",
    parts.reduce((total, part) => total + part.length, 0),
  );
  response.writeHead(200);
  // Corked, the writes leave together when end() uncorks: one syscall, no concatenation.
  response.cork();
  parts.forEach((part, i) => (i === parts.length - 1 ? response.end(part) : response.write(part)));
}

/**
 * The earliest moment, after `since`, that any request in the answer turns expired (expiryOf decides;
 * PRODUCT "How things change": "expired" is shown, never stored), and leaves the helpable list, or that a
 * trip shown closes its list or leaves (a trip's "closed" is read from its time too, and the dashboard drops
 * it then: PRODUCT "Trips on screen"), or that an unoffered request shown turns "Nobody has offered yet" and moves to
 * the top of its list (issue 41 §3, awaitingFirstOfferFrom). Infinity when none will.
 * `since` is when building began, so a request that expired while the answer was being built makes
 * the entry stale at once.
 */
export function validUntilOf(answer: unknown, since: number): number {
  let earliest = Infinity;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    if (isRequestStatus(record.status) && typeof record.neededBy === "string") {
      const at = expiryOf(record.status, new Date(record.neededBy))?.getTime();
      if (at !== undefined && at > since && at < earliest) earliest = at;
      if (typeof record.createdAt === "string" && record.firstOfferedAt === null) {
        const facts = {
          status: record.status,
          createdAt: record.createdAt,
          neededBy: record.neededBy,
          firstOfferedAt: null,
        };
        const from = awaitingFirstOfferFrom(facts, since)?.getTime();
        if (from !== undefined && from < earliest) earliest = from;
      }
    }
    if (typeof record.closesAt === "string" && typeof record.departsAt === "string") {
      for (const at of [Date.parse(record.closesAt), Date.parse(record.departsAt)]) {
        if (at > since && at < earliest) earliest = at;
      }
    }
    for (const key in record) visit(record[key]);
  };
  visit(answer);
  return earliest;
}

function isRequestStatus(value: unknown): value is RequestStatus {
  return (REQUEST_STATUSES as readonly unknown[]).includes(value);
}
