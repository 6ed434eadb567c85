/**
 * The template sandbox (decision 019) on its own: hostile templates are cut off in their process
 * (size, time, memory), a process past its deadline or its heap is replaced, one key cannot hold
 * the processes, and a batch is rendered in chunks rather than one call per e-mail.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE, renderReviewEmail, type ReviewEmailTemplate } from '#core/email/review-email';
import { HOSTILE } from '#tests/support/hostile-templates';
import { CHUNK_EMAILS, RETRY_AFTER_SPREAD, SANDBOX_PER_KEY, SandboxBusyError, TemplateSandbox, type SandboxJob } from './sandbox';

const variables = { customer_name: 'Léa', store_name: 'Maison Lumière', order_number: '#1001', review_link: 'https://avis.test/review/abc' };

const sandboxes: TemplateSandbox[] = [];
const sandbox = (options: ConstructorParameters<typeof TemplateSandbox>[0] = {}) => {
  const created = new TemplateSandbox(options);
  sandboxes.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((s) => s.close()));
});

const job = (template: Partial<ReviewEmailTemplate>, count = 1, key = 'store-a'): SandboxJob => ({
  key,
  template: { ...DEFAULT_TEMPLATE, ...template },
  emails: Array.from({ length: count }, (_, i) => ({ variables: { ...variables, customer_name: `Client ${i}` } })),
});
const kinds = (outcomes: Awaited<ReturnType<TemplateSandbox['render']>>) => outcomes.map((o) => (o.ok ? 'ok' : o.problem.kind));

describe('the template sandbox', () => {
  it('renders what the core renders, every e-mail with its own variables', async () => {
    const templates = sandbox();
    const input = {
      template: { ...DEFAULT_TEMPLATE, subject: 'Un avis, {{ customer_name }} ?' },
      greeting: 'Chère {{ customer_name }},',
      closing: 'À bientôt',
      branding: { primaryColor: '#112233' },
    };
    const outcomes = await templates.render({
      key: 'store-a',
      ...input,
      emails: [
        { variables, unsubscribeUrl: 'https://avis.test/unsubscribe/abc', openPixelUrl: 'https://avis.test/review/abc/open.gif' },
        { variables: { ...variables, customer_name: 'Hugo' }, reminder: true },
      ],
    });
    expect(outcomes).toEqual([
      {
        ok: true,
        email: renderReviewEmail({ ...input, variables, unsubscribeUrl: 'https://avis.test/unsubscribe/abc', openPixelUrl: 'https://avis.test/review/abc/open.gif' }),
      },
      { ok: true, email: renderReviewEmail({ ...input, variables: { ...variables, customer_name: 'Hugo' }, reminder: true }) },
    ]);
  });

  it('cuts off hostile templates inside its process and names the limit; the process stays to serve the next', async () => {
    const templates = sandbox();
    expect(kinds(await templates.render(job({ bodyContent: HOSTILE.captureDoubling })))).toEqual(['size']);
    expect(kinds(await templates.render(job({ subject: HOSTILE.nestedLoops })))).toEqual(['time']);
    expect(kinds(await templates.render(job({ footerText: HOSTILE.hugeRange })))).toEqual(['memory']);
    expect(kinds(await templates.render(job({ bodyContent: HOSTILE.deepNesting })))).toEqual(['memory']);
    // Includes reach nothing: there is no file to include, in any depth.
    const include = await templates.render(job({ bodyContent: HOSTILE.include }));
    expect(include[0]).toMatchObject({ ok: false, problem: { kind: 'invalid' } });
    expect(kinds(await templates.render(job({ bodyContent: 'Merci {{ customer_name }}' }, 2, 'store-b')))).toEqual(['ok', 'ok']);
    expect(templates.stats).toMatchObject({ timedOut: 0, died: 0 });
  });

  it('kills a render past its wall-clock deadline (not the server) and starts another process for the next call', async () => {
    const templates = sandbox({ deadlineMs: () => 100 });
    const started = performance.now();
    expect(kinds(await templates.render(job({ bodyContent: HOSTILE.longSort }, 3)))).toEqual(['time', 'time', 'time']);
    // Ended by the deadline (100 ms), not by the end of the sort.
    expect(templates.stats).toMatchObject({ timedOut: 1 });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(kinds(await templates.render(job({}, 1, 'store-b')))).toEqual(['ok']);
    expect(templates.stats.started).toBe(2);
  });

  it('a template that exhausts its process heap ends that process only; the next call gets a new one', async () => {
    // A deadline far away: whatever the machine's load, the heap ends this render first.
    const templates = sandbox({ heapMb: 24, processes: 1, deadlineMs: () => 60_000 });
    expect(kinds(await templates.render(job({ bodyContent: HOSTILE.longSort })))).toEqual(['memory']);
    expect(templates.stats).toMatchObject({ died: 1 });
    expect(kinds(await templates.render(job({}, 1, 'store-b')))).toEqual(['ok']);
    expect(templates.stats.started).toBe(2);
  });

  it('renders a batch in chunks, one call per chunk; once one e-mail is beyond a limit the rest of the job is not rendered', async () => {
    const templates = sandbox({ processes: 1 });
    const count = CHUNK_EMAILS * 2 + 5;
    const outcomes = await templates.render(job({ bodyContent: 'Merci {{ customer_name }}' }, count));
    expect(outcomes).toHaveLength(count);
    expect(outcomes.map((o) => o.ok && o.email.text.includes(`Merci Client ${outcomes.indexOf(o)}`))).toEqual(Array(count).fill(true));
    expect(templates.stats.calls).toBe(3);

    const slow = await templates.render(job({ bodyContent: HOSTILE.nestedLoops }, count));
    expect(new Set(kinds(slow))).toEqual(new Set(['time']));
    // The first chunk met the limit on its first e-mail; the other chunks were answered without a call.
    expect(templates.stats.calls).toBe(4);
  });

  it("lets keys take turns: one store's queue of slow renders does not hold another store's", async () => {
    const templates = sandbox({ processes: 1 });
    const order: string[] = [];
    const slow = Array.from({ length: 4 }, () => templates.render(job({ bodyContent: HOSTILE.nestedLoops }, 1, 'hostile')).then(() => order.push('hostile')));
    const other = templates.render(job({}, 1, 'other')).then(() => order.push('other'));
    await Promise.all([...slow, other]);
    expect(order.indexOf('other')).toBeLessThanOrEqual(1);
  });

  it('gives one key one process at a time: with two processes, another store takes the second at once (issue 45)', async () => {
    const templates = sandbox({ processes: 2 });
    const hostile = [1, 2, 3].map(() => templates.render(job({ bodyContent: HOSTILE.nestedLoops }, 1, 'hostile')));
    // Dispatched as they are asked (pump runs within render): the second process stays free for another key.
    expect(templates.usage('hostile')).toEqual({ admitted: 0, running: SANDBOX_PER_KEY.running, waiting: 3 - SANDBOX_PER_KEY.running, held: false });
    const other = templates.render(job({}, 1, 'other'));
    expect(templates.usage('other')).toEqual({ admitted: 0, running: 1, waiting: 0, held: false });
    expect(kinds(await other)).toEqual(['ok']);
    expect((await Promise.all(hostile)).map(kinds)).toEqual([['time'], ['time'], ['time']]);
    expect(templates.usage('hostile')).toMatchObject({ admitted: 0, running: 0, waiting: 0 });
  });

  it('holds a key back after a call that ran out of time, for twice as long as it took, while other keys go at once (issue 45)', async () => {
    const templates = sandbox({ processes: 2 });
    const first = templates.render(job({ bodyContent: HOSTILE.nestedLoops }, 1, 'hostile'));
    const second = templates.render(job({ bodyContent: HOSTILE.nestedLoops }, 1, 'hostile'));
    expect(kinds(await first)).toEqual(['time']);
    // The first answered: a process is free, yet the key's next call waits its pace.
    expect(templates.usage('hostile')).toEqual({ admitted: 0, running: 0, waiting: 1, held: true });
    expect(kinds(await templates.render(job({}, 1, 'other')))).toEqual(['ok']);
    expect(kinds(await second)).toEqual(['time']);
    // A template that renders in time is never held.
    expect(kinds(await templates.render(job({}, 1, 'other')))).toEqual(['ok']);
    expect(templates.usage('other').held).toBe(false);
  });

  it('admits a bounded number of a key’s requests at once and refuses one more at once, without touching another key’s (issue 45)', async () => {
    const templates = sandbox({ deadlineMs: () => 1500 });
    const releases: (() => void)[] = [];
    const held = Array.from({ length: SANDBOX_PER_KEY.admitted }, () => templates.admit('hostile', () => new Promise<string>((resolve) => releases.push(() => resolve('fait')))));
    expect(templates.usage('hostile').admitted).toBe(SANDBOX_PER_KEY.admitted);

    let ran = false;
    const refused = await templates
      .admit('hostile', async () => {
        ran = true;
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SandboxBusyError);
    // Try again within one call's deadline (an editor's two e-mails: 1.5 s here), or up to
    // RETRY_AFTER_SPREAD times it: refusals spread their returns.
    expect((refused as SandboxBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(2);
    expect((refused as SandboxBusyError).retryAfterSeconds).toBeLessThanOrEqual(2 * RETRY_AFTER_SPREAD);
    expect(templates.retryAfterMinSeconds).toBe(2);
    expect([0, 0.5, 0.99].map((at) => templates.retryAfterSeconds(() => at))).toEqual([2, 4, 6]);
    expect(ran).toBe(false);
    expect(await templates.admit('other', async () => 'servi')).toBe('servi');

    // A place freed, whatever became of its request, is a place again.
    releases[0]!();
    expect(await held[0]).toBe('fait');
    await expect(templates.admit('hostile', () => Promise.reject(new Error('échec')))).rejects.toThrow('échec');
    expect(await templates.admit('hostile', async () => 'de nouveau')).toBe('de nouveau');
    for (const release of releases.slice(1)) release();
    await Promise.all(held);
    expect(templates.usage('hostile')).toEqual({ admitted: 0, running: 0, waiting: 0, held: false });
  });

  it('refuses calls once closed', async () => {
    const templates = sandbox();
    await templates.render(job({}));
    await templates.close();
    await expect(templates.render(job({}))).rejects.toThrow('closed');
  });
});
