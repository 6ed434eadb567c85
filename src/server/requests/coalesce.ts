/**
 * Batches calls into `run`: at most one call is in flight, and the items asked while it runs (or
 * within the same turn of the event loop) go together in the next call. `run` answers one result
 * per item, in order; each caller gets its own. Under load the batches grow by themselves, so the
 * database sees one statement for many e-mails instead of one each.
 */
export function coalesce<T, R>(run: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let waiting: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let active = false;
  const drain = async () => {
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        const results = await run(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    active = false;
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!active) {
        active = true;
        setImmediate(() => void drain());
      }
    });
}
