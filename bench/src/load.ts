import autocannon from "autocannon";

/** One HTTP request of a scenario; a connection repeats its list in order. */
export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  /** The requests each connection sends in turn; index = connection number (wraps). */
  perConnection: LoadRequest[][];
  /** The server's resident memory now, in bytes: sampled while the load runs. */
  serverRss: () => number;
}

export interface LoadResult {
  requests: number;
  /** Failed calls other than a shed one: any status from 300 up but 503, a timeout, a broken connection. */
  errors: number;
  /** Calls the server shed as overloaded (503 with Retry-After, ADR 0035): counted apart from failures. */
  shed: number;
  /** Every failure and shed call by what it was ("503", "500", "timeout", "ECONNRESET", ...). */
  failures: Record<string, number>;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  /** The highest server RSS seen while the load ran, in MB. */
  rssMb: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** What one stretch of load saw, before it is summed up. */
interface LoadSlice {
  latencies: number[];
  failures: Record<string, number>;
  elapsedSeconds: number;
  peakRss: number;
}

/**
 * Drives the server with autocannon and measures every response's latency itself, since autocannon's
 * histogram has no p95.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  return summarize([await loadSlice(options)]);
}

/**
 * Two loads in turns (a, b, a, b, ...), `rounds` of `seconds` each, `between` run after every turn:
 * what each of two paths allows on the same machine in the same minute, as a drift of the machine's
 * speed over the run (other work, PostgreSQL's own) falls on both alike.
 */
export async function runAlternating(
  loads: readonly [Omit<LoadOptions, "seconds">, Omit<LoadOptions, "seconds">],
  rounds: number,
  seconds: number,
  between: (turn: 0 | 1) => Promise<void>,
): Promise<[LoadResult, LoadResult]> {
  const slices: [LoadSlice[], LoadSlice[]] = [[], []];
  for (let round = 0; round < rounds; round++)
    for (const turn of [0, 1] as const) {
      slices[turn].push(await loadSlice({ ...loads[turn], seconds }));
      await between(turn);
    }
  return [summarize(slices[0]), summarize(slices[1])];
}

function summarize(slices: readonly LoadSlice[]): LoadResult {
  const latencies = slices.flatMap((slice) => slice.latencies).sort((a, b) => a - b);
  const elapsed = slices.reduce((sum, slice) => sum + slice.elapsedSeconds, 0);
  const failures: Record<string, number> = {};
  for (const slice of slices)
    for (const [kind, count] of Object.entries(slice.failures)) failures[kind] = (failures[kind] ?? 0) + count;
  const shed = failures[SHED] ?? 0;
  return {
    requests: latencies.length,
    errors: Object.values(failures).reduce((sum, count) => sum + count, 0) - shed,
    shed,
    failures,
    reqPerSec: Math.round(latencies.length / elapsed),
    p50: round1(percentile(latencies, 50)),
    p95: round1(percentile(latencies, 95)),
    p99: round1(percentile(latencies, 99)),
    rssMb: Math.round(Math.max(...slices.map((slice) => slice.peakRss)) / 1024 / 1024),
  };
}

async function loadSlice(options: LoadOptions): Promise<LoadSlice> {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const count = (kind: string) => (failures[kind] = (failures[kind] ?? 0) + 1);
  let connection = 0;
  let peakRss = options.serverRss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, options.serverRss());
  }, 250);
  const started = Date.now();
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  // With a callback autocannon returns the running instance, whose events give every latency.
  const settings: autocannon.Options = {
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
    setupClient: (client) => {
      const list = options.perConnection[connection++ % options.perConnection.length]!;
      client.setRequests(
        list.map((r) => ({
          method: r.method,
          path: r.path,
          headers: r.headers ?? {},
          ...(r.body ? { body: r.body } : {}),
        })),
      );
    },
  };
  const instance = autocannon(settings, (error, result) => (error ? fail(error) : finish(result)));
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (statusCode >= 300) count(String(statusCode));
  });
  // A call that got no answer: autocannon's timeout (10 s), or the connection's error code.
  instance.on("reqError", (error: Error & { code?: string }) =>
    count(error.message === "request timed out" ? "timeout" : (error.code ?? error.message)),
  );
  await done;
  clearInterval(sampler);
  return {
    latencies,
    failures,
    elapsedSeconds: Math.max((Date.now() - started) / 1000, options.seconds),
    peakRss,
  };
}

/** The status of a call the server shed as overloaded. */
const SHED = "503";

const round1 = (n: number) => Math.round(n * 10) / 10;
