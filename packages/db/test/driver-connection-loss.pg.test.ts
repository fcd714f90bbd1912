import net from "node:net";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The driver after a connection is lost (patches/postgres@3.4.9.patch). A socket reset reports its
 * 'error' first and its 'close' a moment later, once the handle has closed; in between, a transaction
 * whose query just failed sends its ROLLBACK. Left queued on the dead connection, that ROLLBACK was
 * answered by the new connection's first reply, and every later query on it by the reply to the one
 * before: a session lookup read nothing (401) and a limits read found no row (404) in CI's fault test.
 * And a transaction's callback outlives its lost connection: the pool reconnects that connection for
 * another transaction, into which the first one's later statements and its COMMIT would go.
 */
const url = process.env.TEST_DATABASE_URL;
const sockets: net.Socket[] = [];
let client: postgres.Sql | undefined;

afterEach(async () => {
  await client?.end({ timeout: 1 });
  client = undefined;
});

/** One connection, on sockets the test can reach: the way to cut one exactly between two statements. */
function clientOnOneConnection(): postgres.Sql {
  const { hostname, port } = new URL(url!);
  // `socket` is the driver's own option, missing from its types: passed as a variable, not checked as a literal.
  const options = {
    max: 1,
    fetch_types: false,
    onnotice: () => undefined,
    socket: () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(Number(port || 5432), hostname, () => resolve(socket));
        socket.once("error", reject);
        sockets.push(socket);
      }),
  };
  return postgres(url!, options);
}

/** The query's answer, or "no answer" if none comes in two seconds (a reply went to another query). */
async function answerOf(query: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const noAnswer = new Promise((resolve) => (timer = setTimeout(() => resolve("no answer"), 2000)));
  try {
    return await Promise.race([query, noAnswer]);
  } finally {
    clearTimeout(timer);
  }
}

describe.runIf(url)("the database driver after a lost connection", () => {
  it("answers each later query with its own reply when a transaction's rollback came between the socket's error and its close", async () => {
    client = clientOnOneConnection();
    const sql = client;
    await sql`select 1`;
    const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });

    const transaction = sql.begin(async (tx) => {
      const slow = tx.unsafe("select pg_sleep(5)", [], { prepare: true }).execute();
      // The reset arrives while the statement runs: 'error' on the next tick, 'close' after the handle closes.
      setTimeout(() => sockets.at(-1)!.destroy(reset), 50);
      await slow;
    });
    await expect(transaction).rejects.toThrow();

    for (const n of [1, 2, 3]) {
      expect(await answerOf(sql.unsafe("select $1::int as n", [n], { prepare: true }))).toEqual([{ n }]);
    }
  });

  it("starts the next connection with nothing of the lost one's unsent bytes", async () => {
    client = clientOnOneConnection();
    const sql = client;
    await sql`select 1`;
    // A query sent in the turn between the socket's end and its 'close': its bytes wait for the next
    // turn, which the close cancelled. They went before the next connection's startup, or, with the
    // cancelled timer still set, nothing was written again and that startup timed out.
    sockets.at(-1)!.destroy();
    const { lost } = await new Promise<{ lost: Promise<unknown> }>((resolve) =>
      setImmediate(() => resolve({ lost: sql.unsafe("select $1::int as n", [0], { prepare: true }).execute() })),
    );
    await expect(lost).rejects.toMatchObject({ code: "CONNECTION_CLOSED" });

    for (const n of [1, 2]) {
      expect(await answerOf(sql.unsafe("select $1::int as n", [n], { prepare: true }))).toEqual([{ n }]);
    }
  });

  it("lets a transaction whose connection was lost send nothing into the next transaction on that connection", async () => {
    client = clientOnOneConnection();
    const sql = client;
    const table = `driver_loss_${process.pid}_${Date.now()}`;
    await sql.unsafe(`create table ${table} (v text)`);
    try {
      let resumeFirst!: () => void;
      let endSecond!: () => void;
      const firstMayGoOn = new Promise<void>((resolve) => (resumeFirst = resolve));
      const secondMayEnd = new Promise<void>((resolve) => (endSecond = resolve));

      // The first transaction's connection is cut while its callback does other work between statements.
      const first = sql.begin(async (tx) => {
        await tx`select 1`;
        sockets.at(-1)!.destroy();
        await firstMayGoOn;
        await tx.unsafe(`insert into ${table} values ('first')`);
      });
      await expect(first).rejects.toMatchObject({ code: "CONNECTION_CLOSED" });

      // The pool reconnects that connection for the next transaction, which then gives up.
      const second = sql.begin(async (tx) => {
        await tx.unsafe(`insert into ${table} values ('second')`);
        resumeFirst();
        await secondMayEnd;
        throw new Error("the second transaction gives up");
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      endSecond();
      await expect(second).rejects.toThrow("the second transaction gives up");

      // The first one's INSERT and COMMIT ran inside the second, and committed it, before the patch.
      expect(await sql.unsafe(`select v from ${table}`)).toEqual([]);
    } finally {
      await sql.unsafe(`drop table ${table}`);
    }
  });
});
