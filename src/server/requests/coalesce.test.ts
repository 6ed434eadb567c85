import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

/** A `run` whose calls are recorded and finish only when the test says so. */
function controlledRun(accept: (id: string) => boolean = () => true) {
  const calls: { ids: string[]; finish: (error?: unknown) => void }[] = [];
  const run = (ids: string[]) =>
    new Promise<boolean[]>((resolve, reject) => {
      calls.push({ ids, finish: (error) => (error ? reject(error) : resolve(ids.map(accept))) });
    });
  return { calls, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesce', () => {
  it('asks once for the ids asked in the same turn, and answers each caller for its own id', async () => {
    const { calls, run } = controlledRun((id) => id !== 'b');
    const ask = coalesce<string, boolean>(run);
    const answers = Promise.all(['a', 'b', 'c'].map(ask));
    await turn();
    expect(calls.map((c) => c.ids)).toEqual([['a', 'b', 'c']]);
    calls[0]!.finish();
    expect(await answers).toEqual([true, false, true]);
  });

  it('keeps one call in flight and sends everything asked meanwhile in the next one', async () => {
    const { calls, run } = controlledRun();
    const ask = coalesce<string, boolean>(run);
    const first = ask('a');
    await turn();
    const later = [ask('b'), ask('c')];
    await turn();
    const more = ask('d');
    await turn();
    expect(calls.map((c) => c.ids)).toEqual([['a']]);
    calls[0]!.finish();
    expect(await first).toBe(true);
    await turn();
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1]!.finish();
    expect(await Promise.all([...later, more])).toEqual([true, true, true]);
  });

  it('rejects only the callers of a failed call and goes on with the next', async () => {
    const { calls, run } = controlledRun();
    const ask = coalesce<string, boolean>(run);
    const failing = ask('a');
    await turn();
    const next = ask('b');
    calls[0]!.finish(new Error('connexion perdue'));
    await expect(failing).rejects.toThrow('connexion perdue');
    await turn();
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b']]);
    calls[1]!.finish();
    expect(await next).toBe(true);
    // Idle again: a new id starts a new call.
    const again = ask('c');
    await turn();
    expect(calls).toHaveLength(3);
    calls[2]!.finish();
    expect(await again).toBe(true);
  });
});
