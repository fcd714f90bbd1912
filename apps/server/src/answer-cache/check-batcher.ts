/**
 * Sends the answer cache's freshness checks to the database together (ADR 0010). A check is never
 * added to a statement already sent: it waits for the next one, so every answer reflects at least
 * what had committed when its call arrived. While `maxInFlight` statements are out, checks queue;
 * when one returns, everything queued goes in the next. Idle, a check goes at once, alone; under
 * load, batches grow by themselves with the time a statement takes.
 */
export interface CheckBatcherOptions<Check, Answer> {
  run: (checks: Check[]) => Promise<Answer[]>;
  maxInFlight: number;
  maxBatch: number;
}

interface Waiting<Check, Answer> {
  check: Check;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

export function createCheckBatcher<Check, Answer>({ run, maxInFlight, maxBatch }: CheckBatcherOptions<Check, Answer>) {
  const queue: Waiting<Check, Answer>[] = [];
  let inFlight = 0;

  function sendNext() {
    if (inFlight >= maxInFlight || queue.length === 0) return;
    const batch = queue.splice(0, maxBatch);
    inFlight++;
    // Through a promise, so that a run that throws at once rejects its batch like one that fails later.
    Promise.resolve(batch.map((waiting) => waiting.check))
      .then(run)
      .then(
        (answers) => batch.forEach((waiting, i) => waiting.resolve(answers[i]!)),
        (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
      )
      .finally(() => {
        inFlight--;
        sendNext();
      });
    sendNext();
  }

  return {
    check(check: Check): Promise<Answer> {
      return new Promise<Answer>((resolve, reject) => {
        queue.push({ check, resolve, reject });
        sendNext();
      });
    },
  };
}
