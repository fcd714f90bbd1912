interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Lets the browser paint and handle input before the caller goes on: start-up work split this way
 * runs as several short tasks instead of one long one. `scheduler.yield` resumes ahead of other
 * queued tasks where the browser has it; elsewhere a zero timeout does.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
