/**
 * Compliance evidence on /app/conditional (issue 18), in Chromium with axe: the 'Preuves de
 * conformité' panel, a change recorded and listed, and the change log downloaded as CSV.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser';
import { DEMO, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: a merchant with a connected shop and saved rating actions ("same path" on).
const suite = browserSuite({ DEMO_MODE: 'true' });

describe('compliance evidence on /app/conditional', () => {
  it('records a change of the gating setting, lists it, and exports the log as CSV', async () => {
    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/conditional');
    await page.getByRole('heading', { level: 1, name: 'Actions conditionnelles' }).waitFor();
    const panel = page.getByRole('region', { name: 'Preuves de conformité' });
    await panel.waitFor();
    await panel.getByText(/Aucune modification enregistrée pour l’instant/).waitFor();
    await expectAccessible(page);

    await page.getByLabel('Même parcours pour toutes les notes').uncheck();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Configuration enregistrée avec succès !').waitFor();
    const latest = panel.getByRole('list', { name: 'Dernières modifications' });
    await latest.getByText('A désactivé « Même parcours pour toutes les notes »').waitFor();
    expect(await latest.textContent()).toContain(DEMO.email);
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Exporter l’historique (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-modifications-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!)).toString('utf8');
    expect(csv.startsWith('\uFEFFDate (UTC);Qui;Modification;Avant;Après\r\n')).toBe(true);
    const rows = csv.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2};${DEMO.email.replace(/\./g, '\\.')};Même parcours pour toutes les notes;Activé;Désactivé$`));

    const [json] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Exporter l’historique (JSON)' }).click()]);
    expect(json.suggestedFilename()).toMatch(/^audit-modifications-\d{4}-\d{2}-\d{2}\.json$/);
    const records = JSON.parse((await readFile((await json.path())!)).toString('utf8')) as { action: string; before: unknown; after: unknown }[];
    expect(records).toEqual([expect.objectContaining({ action: 'same_path.update', before: true, after: false })]);
  });
});
