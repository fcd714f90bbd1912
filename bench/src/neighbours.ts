/**
 * Signed-in neighbours driving a running server over loopback, as the web app does (soak.ts and
 * pglite-rss.ts): each keeps a live-updates stream open and loops over the dashboard, the groups page,
 * the group's list, and a request it posts, which the next neighbour claims and fulfils.
 * The server must run with REQUIRE_EMAIL_CONFIRMATION=false and its rate limits multiplied away.
 */
import superjson from "superjson";

export interface Neighbour {
  token: string;
}

export interface Street {
  people: Neighbour[];
  groupId: string;
}

export function neighbourhood(base: string) {
  async function call<T>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
    const response = await fetch(base + url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url.slice(0, 60)}: ${response.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  const batch = (calls: { path: string; input?: unknown }[]) =>
    `/trpc/${calls.map((c) => c.path).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(calls.map((c, i) => [i, superjson.serialize(c.input)]))))}`;

  const counts = { calls: 0, failures: 0 };

  return {
    counts,
    async waitUntilReady() {
      for (let i = 0; i < 360; i++) {
        try {
          if ((await fetch(`${base}/readyz`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error("the server did not become ready");
    },

    /** `size` neighbours signed up, the first one's group, the others invited and joined. */
    async street(size: number, label: string): Promise<Street> {
      const stamp = Date.now().toString(36);
      const people: Neighbour[] = [];
      for (let i = 0; i < size; i++) {
        const answer = await call<{ session: { token: string } }>("POST", "/api/auth/signup", undefined, {
          email: `${label}-${stamp}-${i}@soak.test`,
          password: "soak-password-1",
          name: `Soak ${i}`,
        });
        people.push({ token: answer.session.token });
      }
      const group = await call<{ id: string }>("POST", "/api/groups", people[0]!.token, { name: `Soak ${stamp}` });
      for (let i = 1; i < size; i++) {
        const invite = await call<{ token: string }>("POST", "/api/invites", people[0]!.token, {
          groupId: group.id,
          email: `${label}-${stamp}-${i}@soak.test`,
        });
        await call("POST", `/api/invites/${invite.token}/join`, people[i]!.token);
      }
      return { people, groupId: group.id };
    },

    /** A dashboard's live-updates stream, read and dropped until `stop`. */
    liveStream(token: string, stop: AbortSignal) {
      void fetch(`${base}/trpc/requests.onChange`, {
        headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
        signal: stop,
      })
        .then(async (response) => {
          for await (const _chunk of response.body!) if (stop.aborted) break;
        })
        .catch(() => undefined);
    },

    /** One neighbour's loop until `until` (ms since the epoch); `next` claims and fulfils what `me` posts. */
    async loop(me: Neighbour, next: Neighbour, groupId: string, until: number) {
      const dashboard = batch([{ path: "requests.dashboard" }]);
      const groupsPage = batch([
        { path: "groups.list" },
        { path: "limits.withCounts" },
        { path: "invitations.pending" },
        { path: "invitations.outgoing" },
      ]);
      const groupList = batch([{ path: "requests.forGroup", input: { groupId } }]);
      while (Date.now() < until) {
        try {
          await call("GET", dashboard, me.token);
          await call("GET", groupsPage, me.token);
          await call("GET", groupList, me.token);
          const posted = await call<{ id: string }>("POST", "/api/requests", me.token, {
            itemDescription: "Soak milk",
            groupId,
            neededBy: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          });
          await call("POST", `/api/requests/${posted.id}/claim`, next.token);
          await call("POST", `/api/requests/${posted.id}/fulfill`, next.token);
          counts.calls += 6;
        } catch (error) {
          counts.failures++;
          if (counts.failures <= 5) console.error(String(error));
        }
      }
    },
  };
}
