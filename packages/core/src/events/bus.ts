import type { Database } from "@hyn/db";
import { REQUEST_EVENT_TYPES } from "@hyn/validators";
import type { Logger } from "../shared/logger";
import {
  REQUEST_EVENTS_CHANNEL,
  type BlockEvent,
  type JoinAnsweredEvent,
  type LiveEvent,
  type RequestEvent,
  type SessionsEnded,
  type TripEvent,
} from "./types";

export interface BusListener {
  onEvent(event: LiveEvent): void;
  /** Called in commit order with the events: their streams end before any later event is dispatched. */
  onSessionsEnded(sessionIds: readonly string[]): void;
  /** The database connection that listens was lost and is back: events in between may be missed. */
  onResync(): void;
}

export interface EventBus {
  /** Resolves once this process is LISTENing, so nothing committed afterwards is missed. */
  subscribe(listener: BusListener): Promise<() => void>;
  close(): Promise<void>;
}

type Unlisten = () => Promise<void>;

/**
 * LISTEN on whichever client drizzle wraps (`db.$client`): postgres.js keeps a dedicated connection
 * for it and re-listens after a reconnect (`onListen` runs each time); PGlite delivers its own NOTIFYs in-process.
 */
export async function listenOn(
  db: Database,
  channel: string,
  onPayload: (payload: string) => void,
  onListen: () => void,
): Promise<Unlisten> {
  type Listener = {
    listen: (channel: string, cb: (payload: string) => void, onlisten?: () => void) => Promise<unknown>;
  };
  const client: unknown = (db as Database & { $client?: unknown }).$client;
  if (!client || typeof (client as Partial<Listener>).listen !== "function")
    throw new Error("this database client cannot LISTEN");
  const listener = client as Listener;
  if (typeof client === "function") {
    // postgres.js (a function with methods): onlisten runs on the first LISTEN and after every reconnect.
    const result = (await listener.listen(channel, onPayload, onListen)) as { unlisten: Unlisten };
    return result.unlisten;
  }
  const unlisten = (await listener.listen(channel, onPayload)) as Unlisten;
  onListen();
  return unlisten;
}

function parseEvent(payload: string): LiveEvent | SessionsEnded | null {
  try {
    const fields = JSON.parse(payload) as Partial<Record<string, unknown>>;
    if (fields.type === "sessions.ended") {
      const ids = fields.sessionIds;
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string")) return null;
      return { type: "sessions.ended", sessionIds: ids };
    }
    const block = fields as Partial<BlockEvent>;
    if (block.type === "block.changed") {
      const ids = block.userIds;
      if (!Array.isArray(ids) || ids.length !== 2 || !ids.every((id) => typeof id === "string")) return null;
      return { type: "block.changed", userIds: [ids[0], ids[1]] };
    }
    const answer = fields as Partial<JoinAnsweredEvent>;
    if (answer.type === "join.answered") {
      if (
        typeof answer.userId !== "string" ||
        typeof answer.groupId !== "string" ||
        typeof answer.approved !== "boolean"
      )
        return null;
      return { type: "join.answered", userId: answer.userId, groupId: answer.groupId, approved: answer.approved };
    }
    const trip = fields as Partial<TripEvent>;
    if (trip.type === "trip.changed") {
      if (typeof trip.tripId !== "string" || typeof trip.groupId !== "string" || typeof trip.ownerId !== "string")
        return null;
      return { type: "trip.changed", tripId: trip.tripId, groupId: trip.groupId, ownerId: trip.ownerId };
    }
    const value = fields as Partial<RequestEvent>;
    if (typeof value.requestId !== "string" || typeof value.groupId !== "string" || typeof value.ownerId !== "string")
      return null;
    if (!REQUEST_EVENT_TYPES.includes(value.type as RequestEvent["type"])) return null;
    return {
      type: value.type as RequestEvent["type"],
      requestId: value.requestId,
      groupId: value.groupId,
      ownerId: value.ownerId,
    };
  } catch {
    return null;
  }
}

/**
 * One LISTEN per process, started on the first subscription and fanned out in memory, so a second
 * server instance on the same database hears every change the first one commits.
 */
export function createEventBus(deps: { db: Database; logger: Logger }): EventBus {
  const listeners = new Set<BusListener>();
  let listening: Promise<Unlisten> | null = null;
  let listenCount = 0;
  let closed = false;

  function start(): Promise<Unlisten> {
    listening ??= listenOn(
      deps.db,
      REQUEST_EVENTS_CHANNEL,
      (payload) => {
        const event = parseEvent(payload);
        if (!event) {
          deps.logger.warn({ payload: payload.slice(0, 200) }, "ignored a malformed request event");
          return;
        }
        if (event.type === "sessions.ended")
          for (const listener of listeners) listener.onSessionsEnded(event.sessionIds);
        else for (const listener of listeners) listener.onEvent(event);
      },
      () => {
        listenCount++;
        if (listenCount > 1) for (const listener of listeners) listener.onResync();
      },
    ).catch((error: unknown) => {
      listening = null;
      throw error;
    });
    return listening;
  }

  return {
    async subscribe(listener) {
      if (closed) throw new Error("the event bus is closed");
      await start();
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      const current = listening;
      listening = null;
      if (!current) return;
      try {
        await (
          await current
        )();
      } catch (error) {
        // The database may already be closed; its LISTEN ended with it.
        deps.logger.warn({ err: error }, "event bus: unlisten failed");
      }
    },
  };
}
