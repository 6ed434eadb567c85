/**
 * Compliance evidence (issue 18): the change log of the rating actions and of 'même parcours pour
 * toutes les notes', the latest changes, and the CSV and JSON exports of the log and of what each
 * reviewer was shown.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { type Browserish } from '#tests/support/http';
import { changeBatches } from './export';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

const ORIGIN = 'http://localhost:3000';
const SITE = 'https://g.page/r/atelier/review';

const actions = (overrides: Record<number, Record<string, unknown>> = {}) =>
  [
    { rating: 5, action_type: 'redirect', redirect_url: SITE, notification_email: null, feedback_message: null },
    { rating: 4, action_type: 'redirect', redirect_url: SITE, notification_email: null, feedback_message: null },
    { rating: 3, action_type: 'collect_feedback', redirect_url: null, notification_email: null, feedback_message: 'Un conseil\u202f?' },
    { rating: 2, action_type: 'collect_feedback', redirect_url: null, notification_email: null, feedback_message: 'Désolés.' },
    { rating: 1, action_type: 'none', redirect_url: null, notification_email: null, feedback_message: null },
  ].map((a) => ({ ...a, ...overrides[a.rating] }));

const save = (browser: Browserish, samePath: boolean, list = actions()) =>
  browser.json('/api/rating-actions', { method: 'PUT', json: { same_path_for_all_ratings: samePath, actions: list } });
const entriesOf = (ctx: TestContext, storeId: string) => ctx.db.select().from(s.auditLog).where(eq(s.auditLog.shopId, storeId)).orderBy(s.auditLog.createdAt);

async function download(browser: Browserish, query: string) {
  const res = await browser.request(`/api/audit/export?${query}`);
  // Decoded keeping the byte-order mark (Response.text() drops it) to check it is there.
  return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
}

describe('the change log', () => {
  it('records each change with its actor, before and after, and nothing for a save that changes nothing', async ({ ctx, app, world }) => {
    const { browser, userId, store, email } = await world.signedIn(app).store();
    // First save: the defaults (same path on, spec's actions) were in force.
    expect((await save(browser, false)).status).toBe(200);
    const first = await entriesOf(ctx, store.id);
    expect(first.map((e) => e.action).sort()).toEqual(['rating_actions.update', 'same_path.update']);
    for (const entry of first) expect(entry).toMatchObject({ actorUserId: userId, actorEmail: email });
    expect(first.find((e) => e.action === 'same_path.update')).toMatchObject({ before: true, after: false });
    const ratings = first.find((e) => e.action === 'rating_actions.update')!;
    // Every rating changed from the defaults (5 and 4 had no URL, 3 and 2 their default messages, 1 alerted).
    expect((ratings.after as { rating: number }[]).map((a) => a.rating)).toEqual([5, 4, 3, 2, 1]);
    expect((ratings.before as { rating: number; action_type: string }[]).find((a) => a.rating === 1)).toMatchObject({ action_type: 'notify_email', notification_email: email });

    // The same values again: nothing changed, nothing recorded.
    expect((await save(browser, false)).status).toBe(200);
    expect(await entriesOf(ctx, store.id)).toHaveLength(2);

    // One rating's message: one entry naming that rating only.
    expect((await save(browser, false, actions({ 3: { feedback_message: 'Qu’avons-nous raté\u202f?' } }))).status).toBe(200);
    const third = (await entriesOf(ctx, store.id)).slice(2);
    expect(third).toHaveLength(1);
    expect(third[0]).toMatchObject({
      action: 'rating_actions.update',
      before: [{ rating: 3, action_type: 'collect_feedback', redirect_url: null, notification_email: null, feedback_message: 'Un conseil\u202f?' }],
      after: [{ rating: 3, action_type: 'collect_feedback', redirect_url: null, notification_email: null, feedback_message: 'Qu’avons-nous raté\u202f?' }],
    });

    // The setting alone: one entry.
    expect((await save(browser, true, actions({ 3: { feedback_message: 'Qu’avons-nous raté\u202f?' } }))).status).toBe(200);
    const fourth = (await entriesOf(ctx, store.id)).slice(3);
    expect(fourth).toHaveLength(1);
    expect(fourth[0]).toMatchObject({ action: 'same_path.update', before: false, after: true });

    // A refused save changes nothing and records nothing.
    const refused = await save(browser, false, actions({ 5: { redirect_url: 'javascript:alert(1)' } }));
    expect(refused.status).toBe(400);
    expect(await entriesOf(ctx, store.id)).toHaveLength(4);

    // The latest changes, newest first, as the settings screen lists them.
    const latest = await browser.json<{ items: { action: string; ratings: number[]; same_path_after: boolean | null; actor_email: string }[] }>('/api/audit/changes?limit=2');
    expect(latest.status).toBe(200);
    expect(latest.body.items).toEqual([
      expect.objectContaining({ action: 'same_path.update', ratings: [], same_path_after: true, actor_email: email }),
      expect.objectContaining({ action: 'rating_actions.update', ratings: [3], same_path_after: null }),
    ]);
    const bad = await browser.json('/api/audit/changes?limit=0');
    expect(bad).toMatchObject({ status: 400, body: { error: 'La limite doit être un nombre entre 1 et 20' } });
  });

  it('pages through the log on its keyset without skipping or repeating an entry', async ({ ctx, app, world }) => {
    const { browser, store } = await world.signedIn(app).store();
    for (let i = 0; i < 5; i++) await save(browser, i % 2 === 0);
    // A save's entries share their transaction's time: the id breaks the tie.
    const all = (await ctx.db.select().from(s.auditLog).where(eq(s.auditLog.shopId, store.id)).orderBy(desc(s.auditLog.createdAt), desc(s.auditLog.id))).map((e) => e.id);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const paged: string[] = [];
    for await (const batch of changeBatches(ctx.db, store.id, 2)) paged.push(...batch.map((e) => e.id));
    expect(paged).toEqual(all);
  });
});

describe('the exports', () => {
  it('the change log as CSV (French headers, one line per change) and as JSON (English keys)', async ({ app, world }) => {
    const { browser, email } = await world.signedIn(app).store();
    await save(browser, false, actions({ 2: { feedback_message: '=HYPERLINK("http://x.test";"ici")' } }));

    const csv = await download(browser, 'format=csv&content=changes');
    expect(csv.res.status).toBe(200);
    expect(csv.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-modifications-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text.startsWith('\uFEFFDate (UTC);Qui;Modification;Avant;Après\r\n')).toBe(true);
    const lines = csv.text.slice(1).trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(6); // the setting, then the five ratings changed from the defaults
    // One save's entries share its transaction's time: found by content, not position.
    expect(lines.find((l) => l.includes('Même parcours'))).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2};${email.replace(/\./g, '\\.')};Même parcours pour toutes les notes;Activé;Désactivé$`),
    );
    expect(lines.find((l) => l.includes('Action de la note 2 étoiles'))).toContain(
      `"Recueillir un avis privé (message\u202f: «\u202f=HYPERLINK(""http://x.test"";""ici"")\u202f»)"`,
    );
    expect(lines.find((l) => l.includes('Action de la note 5 étoiles'))).toContain(`;Rediriger vers une plateforme d’avis (URL\u202f: ${SITE})`);

    const json = await download(browser, 'format=json&content=changes');
    expect(json.res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const records = JSON.parse(json.text.replace(/^\uFEFF/, '')) as Record<string, unknown>[];
    expect(records).toHaveLength(2);
    for (const r of records) expect(Object.keys(r).sort()).toEqual(['action', 'actor_email', 'actor_user_id', 'after', 'before', 'created_at', 'id']);
    expect(records.find((r) => r.action === 'same_path.update')).toMatchObject({ before: true, after: false, actor_email: email });
  });

  it('what the reviewers were shown, as CSV with a formula-looking order number neutralised, and as JSON', async ({ app, world }) => {
    const { browser, store } = await world.signedIn(app).store();
    await save(browser, false);
    const order = await world.at(store).order({ orderNumber: '=1+2' });
    const request = await world.at(store).request({ status: 'sent', orderId: order.id, locale: 'de-AT' });
    const post = await app.request(`${ORIGIN}/review/${request.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ rating: '5', name: 'Léa', email: 'lea@exemple.test' }).toString(),
    });
    expect(((await post.json()) as { next: string }).next).toBe('redirect');
    // A review from before the record began (no `shown`) is not evidence of anything: left out.
    await world.at(store).review({ rating: 1, customerEmail: 'ancien@exemple.test' });

    const csv = await download(browser, 'format=csv&content=shown');
    expect(csv.res.headers.get('content-disposition')).toMatch(/filename="audit-parcours-clients-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.text.startsWith('\uFEFFDate (UTC);Demande;Commande;Note;Même parcours;Action;Lien public proposé;Redirigé;Formulaire privé;Langue de la demande\r\n')).toBe(true);
    const lines = csv.text.slice(1).trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2};${request.id};'=1\\+2;5;Non;Rediriger vers une plateforme d’avis;Oui;Oui;Non;allemand autrichien · de-AT$`),
    );

    const json = JSON.parse((await download(browser, 'format=json&content=shown')).text) as Record<string, unknown>[];
    expect(json).toEqual([
      {
        review_id: expect.any(String),
        created_at: expect.stringMatching(/Z$/),
        request_id: request.id,
        order_number: '=1+2',
        rating: 5,
        same_path_for_all_ratings: false,
        action_type: 'redirect',
        public_link_offered: true,
        redirected: true,
        feedback_form: false,
        // The language the reviewer was asked in (decision 056).
        locale: 'de-AT',
      },
    ]);
  });

  it('refuses an unknown format or content in French; an empty dataset is an empty array', async ({ app, world }) => {
    const { browser } = await world.signedIn(app).store();
    expect(await browser.json('/api/audit/export?format=xml&content=changes')).toMatchObject({ status: 400, body: { error: 'Format inconnu (csv ou json)' } });
    expect(await browser.json('/api/audit/export?format=csv&content=tout')).toMatchObject({ status: 400, body: { error: 'Contenu inconnu (changes ou shown)' } });
    const empty = await download(browser, 'format=json&content=shown');
    expect(JSON.parse(empty.text)).toEqual([]);
  });
});
