/** Runs at most `slots` tasks at once; the others wait in order of arrival. */
export function createGate(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await task();
      } finally {
        // The slot passes straight to the next in line, so `running` only drops when nobody waits.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
