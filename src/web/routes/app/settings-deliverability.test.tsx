/**
 * /app/settings, section 'Délivrabilité' (issue 18), against an in-memory API that answers what the
 * contract (src/core/api/deliverability.ts) says; every answer is checked against it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { axeViolations } from '#web/test/axe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type DeliverabilityState,
  type DnsRecord,
  readDeliverability,
  removeSenderAddress,
  runSelfTest,
  saveSenderAddress,
  type SelfTestResult,
  verifySenderDomain,
} from '#core/api/deliverability';
import { readSettings, saveSettings, type StoreSettings } from '#core/api/settings';
import { apiError, renderRoute, testUser } from '#web/test/render';
import { callsTo, mockSignedInApi, on, sentBodyTo, contractResponse } from '#web/test/endpoints';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

const APP_FROM = 'avis@avis-clients.test';
const DKIM_VALUE = 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0';

const settings: StoreSettings = { owner_notification_email: testUser.email, daily_send_limit: 1000, customer_ask_window_days: 30, unsubscribe_enabled: true, saved: true };

function recordsFor(domain: string, status: DnsRecord['status'] = 'unchecked'): DnsRecord[] {
  return [
    { kind: 'dkim', type: 'TXT', name: `rv1._domainkey.${domain}`, value: DKIM_VALUE, status, detail: null },
    { kind: 'spf', type: 'TXT', name: domain, value: 'v=spf1 include:_spf.relais.avis-clients.test ~all', status, detail: null },
    { kind: 'dmarc', type: 'TXT', name: `_dmarc.${domain}`, value: `v=DMARC1; p=none; rua=mailto:dmarc@${domain}`, status, detail: null },
  ];
}

function senderState(address: string, records?: DnsRecord[], verifiedAt: string | null = null): DeliverabilityState {
  const domain = address.split('@')[1]!;
  return {
    app_from_address: APP_FROM,
    sender: {
      from_address: address,
      domain,
      selector: 'rv1',
      verified_at: verifiedAt,
      last_checked_at: records ? '2025-10-14T08:30:00Z' : null,
      records: records ?? recordsFor(domain),
    },
    reply_to: verifiedAt ? null : testUser.email,
  };
}

const noSender: DeliverabilityState = { app_from_address: APP_FROM, sender: null, reply_to: testUser.email };

/** The store settings the page around the section reads (their tests: settings.test.tsx). */
const settingsRoutes = [on(readSettings, () => settings), on(saveSettings, () => settings)];

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * A server keeping one state: PUT saves an address (with fresh, unchecked records), DELETE forgets
 * it; 'Vérifier' and the self-test answer what each test gives.
 */
function deliverabilityApi(initial: DeliverabilityState = noSender, { verify, selfTest }: { verify?: Handler; selfTest?: Handler } = {}) {
  let current = initial;
  return mockSignedInApi([
    ...settingsRoutes,
    on(readDeliverability, () => current),
    on(saveSenderAddress, ({ body }) => {
      current = senderState((body as { from_address: string }).from_address);
      return current;
    }),
    on(removeSenderAddress, () => {
      current = noSender;
      return current;
    }),
    on(verifySenderDomain, async ({ init }) => {
      const response = await (verify ?? (() => contractResponse(verifySenderDomain, current)))(init);
      if (response.ok) current = (await response.clone().json()) as DeliverabilityState;
      return response;
    }),
    on(runSelfTest, ({ init }) => (selfTest ?? (() => apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.', 'internal')))(init)),
  ]);
}

async function open() {
  renderRoute('/app/settings');
  await screen.findByRole('heading', { level: 1, name: 'Paramètres' }, { timeout: 5_000 });
  return screen.findByRole('region', { name: 'Délivrabilité' }, { timeout: 5_000 });
}

const senderForm = () => screen.getByRole('form', { name: 'Adresse d’expédition de la boutique' });
const addressField = () => within(senderForm()).getByLabelText('Adresse d’expédition') as HTMLInputElement;

function typeAddress(value: string) {
  fireEvent.change(addressField(), { target: { value } });
}

function saveAddress() {
  fireEvent.click(within(senderForm()).getByRole('button', { name: 'Enregistrer l’adresse' }));
}

/** The row of one record, found by its row header (DKIM, SPF, DMARC). */
function recordRow(kind: 'DKIM' | 'SPF' | 'DMARC') {
  return screen.getByRole('rowheader', { name: kind }).closest('tr')!;
}

function cellTexts(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe("/app/settings, 'Délivrabilité'", () => {
  it("says mail goes from the app's address with replies to the merchant when no sender is set, and is accessible", async () => {
    deliverabilityApi();
    const section = await open();
    await within(section).findByText(`Vos e-mails partent de l’adresse de l’application : ${APP_FROM}.`);
    expect(within(section).getByText(`Les réponses de vos clients arrivent à votre adresse : ${testUser.email}.`)).toBeTruthy();
    expect(within(section).getByText('Une fois votre domaine vérifié, ils partiront de votre propre adresse, signés (DKIM).')).toBeTruthy();
    expect(addressField().value).toBe('');
    expect(addressField().type).toBe('email');
    expect(addressField().required).toBe(true);
    // Nothing to publish nor verify yet; the self-test is available (it tests the app's address).
    expect(within(section).queryByRole('table')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Vérifier' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Tester la délivrabilité' })).toBeTruthy();

    expect(await axeViolations()).toEqual([]);
  }, 15_000);

  it.each([
    ['pas-une-adresse', 'L’adresse d’expédition n’est pas valide'],
    ['avis@', 'L’adresse d’expédition n’est pas valide'],
    ['   ', 'L’adresse d’expédition est requise'],
  ])("refuses the address %j with the contract's French message and sends nothing", async (value, message) => {
    const fetchMock = deliverabilityApi();
    await open();
    await waitFor(() => expect(addressField()).toBeTruthy());
    typeAddress(value);
    saveAddress();
    await waitFor(() => expect(addressField().getAttribute('aria-invalid')).toBe('true'));
    const errorId = addressField().getAttribute('aria-describedby')!.split(' ').at(-1)!;
    expect(document.getElementById(errorId)?.textContent).toBe(message);
    expect(document.getElementById(errorId)?.getAttribute('role')).toBe('alert');
    expect(callsTo(fetchMock, saveSenderAddress)).toHaveLength(0);
  });

  it('saves the address (trimmed, lower-cased), then shows it unverified with the three records to publish, each copyable', async () => {
    const fetchMock = deliverabilityApi();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const section = await open();
    await waitFor(() => expect(addressField()).toBeTruthy());
    typeAddress('  Avis@Atelier-Nova.fr ');
    saveAddress();

    await within(section).findByText('Adresse enregistrée. Publiez les enregistrements DNS ci-dessous, puis cliquez sur « Vérifier ».');
    expect(sentBodyTo(fetchMock, saveSenderAddress)).toEqual({ from_address: 'avis@atelier-nova.fr' });
    expect(addressField().value).toBe('avis@atelier-nova.fr');
    expect(within(section).getByText('Non vérifié')).toBeTruthy();

    const table = within(section).getByRole('table', { name: 'Enregistrements DNS à publier' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Enregistrement', 'Type', 'Nom', 'Valeur', 'État']);
    expect(cellTexts(recordRow('DKIM')).slice(0, 2)).toEqual(['TXT', 'rv1._domainkey.atelier-nova.fr']);
    expect(cellTexts(recordRow('SPF')).slice(0, 2)).toEqual(['TXT', 'atelier-nova.fr']);
    expect(cellTexts(recordRow('DMARC')).slice(0, 2)).toEqual(['TXT', '_dmarc.atelier-nova.fr']);
    for (const kind of ['DKIM', 'SPF', 'DMARC'] as const) expect(within(recordRow(kind)).getByText('À vérifier')).toBeTruthy();
    // The table scrolls inside its own labelled region, reachable by keyboard, never the page.
    const region = table.closest('[role="region"]')!;
    expect(region.getAttribute('aria-label')).toBe('Enregistrements DNS à publier (défilement horizontal)');
    expect(region.getAttribute('tabindex')).toBe('0');

    fireEvent.click(within(recordRow('DKIM')).getByRole('button', { name: 'Copier la valeur DKIM' }));
    await within(section).findByText('Valeur DKIM copiée');
    expect(writeText).toHaveBeenCalledWith(DKIM_VALUE);
    fireEvent.click(within(recordRow('SPF')).getByRole('button', { name: 'Copier la valeur SPF' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('v=spf1 include:_spf.relais.avis-clients.test ~all'));

    expect(await axeViolations()).toEqual([]);
  }, 15_000);

  it('warns, before saving, that another domain must be verified again; not for another address on the same domain', async () => {
    deliverabilityApi(senderState('avis@atelier-nova.fr', recordsFor('atelier-nova.fr', 'ok'), '2025-10-12T10:00:00Z'));
    await open();
    await screen.findByText(/^Vérifié le /u);
    const warning = /Vous changez de domaine \(boutique-nova\.com\)\s: une nouvelle clé DKIM sera créée/u;

    typeAddress('contact@atelier-nova.fr');
    expect(screen.queryByText(warning)).toBeNull();
    typeAddress('avis@boutique-nova.com');
    expect(await screen.findByText(warning)).toBeTruthy();
    typeAddress('avis@atelier-nova.fr');
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
  });

  it("'Vérifier' shows each record's status in words with what was found, announces the outcome, then the domain verified", async () => {
    let answer: (response: Response) => void = () => {};
    let round = 0;
    const domain = 'atelier-nova.fr';
    const [dkim, spf, dmarc] = recordsFor(domain);
    const partly: DeliverabilityState = senderState('avis@atelier-nova.fr', [
      { ...dkim!, status: 'ok' },
      { ...spf!, status: 'missing', detail: 'Aucun enregistrement TXT trouvé à ce nom.' },
      { ...dmarc!, status: 'wrong', detail: 'L’enregistrement DMARC n’a pas de politique valide\u202f: v=DMARC1; rua=x' },
    ]);
    const verified = senderState('avis@atelier-nova.fr', recordsFor(domain, 'ok'), '2025-10-14T08:30:00Z');
    const fetchMock = deliverabilityApi(senderState('avis@atelier-nova.fr'), {
      verify: () => {
        round += 1;
        return round === 1 ? new Promise<Response>((resolve) => (answer = resolve)) : contractResponse(verifySenderDomain, verified);
      },
    });
    const section = await open();
    const button = await within(section).findByRole('button', { name: 'Vérifier' });
    fireEvent.click(button);

    // Busy while the lookups run: one click, one request.
    const busy = await within(section).findByRole('button', { name: 'Vérification…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    answer(contractResponse(verifySenderDomain, partly));

    const outcome = 'Vérification terminée : 1 enregistrement correct sur 3. Corrigez les autres puis vérifiez à nouveau.';
    const status = await within(section).findByText(outcome);
    expect(status.getAttribute('role')).toBe('status');
    expect(cellTexts(recordRow('DKIM')).at(-1)).toBe('Correct');
    expect(cellTexts(recordRow('SPF')).at(-1)).toBe('AbsentAucun enregistrement TXT trouvé à ce nom.');
    expect(cellTexts(recordRow('DMARC')).at(-1)).toBe('IncorrectL’enregistrement DMARC n’a pas de politique valide\u202f: v=DMARC1; rua=x');
    expect(within(section).getByText('Non vérifié')).toBeTruthy();
    expect(within(section).getByText(/^Dernière vérification\s: /u)).toBeTruthy();
    expect(callsTo(fetchMock, verifySenderDomain)).toHaveLength(1);

    fireEvent.click(within(section).getByRole('button', { name: 'Vérifier' }));
    await within(section).findByText('Domaine vérifié : vos e-mails partent désormais de votre adresse, avis@atelier-nova.fr, signés.');
    expect(within(section).getByText(/^Vérifié le /u)).toBeTruthy();
    expect(within(section).queryByText('Non vérifié')).toBeNull();
    for (const kind of ['DKIM', 'SPF', 'DMARC'] as const) expect(cellTexts(recordRow(kind)).at(-1)).toBe('Correct');
    expect(within(section).getByText('Vos e-mails partent de votre adresse : avis@atelier-nova.fr, signés (DKIM) pour votre domaine.')).toBeTruthy();
    expect(within(section).queryByText(/Les réponses de vos clients arrivent/u)).toBeNull();
  });

  it('runs the self-test and lists each check passed or failed in words, with the mailbox it went to', async () => {
    const result: SelfTestResult = {
      sent_to: 'controle@avis-clients.test',
      from_address: 'avis@atelier-nova.fr',
      passed: false,
      checks: [
        { id: 'dkim_valid', passed: true, detail: 'Signature DKIM valide pour atelier-nova.fr (sélecteur rv1).' },
        { id: 'alignment', passed: true, detail: 'Le domaine de la signature correspond à celui de l’expéditeur (atelier-nova.fr).' },
        { id: 'one_click_unsubscribe', passed: true, detail: 'Les en-têtes List-Unsubscribe et List-Unsubscribe-Post sont présents et signés.' },
        { id: 'text_part', passed: true, detail: 'L’e-mail contient une version texte.' },
        { id: 'html_size', passed: false, detail: 'HTML de 131 Ko\u202f: au-delà de 100 Ko, Gmail coupe le message.' },
      ],
    };
    let answer: (response: Response) => void = () => {};
    const fetchMock = deliverabilityApi(senderState('avis@atelier-nova.fr'), { selfTest: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const section = await open();
    fireEvent.click(await within(section).findByRole('button', { name: 'Tester la délivrabilité' }));
    const busy = await within(section).findByRole('button', { name: 'Test en cours…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer(contractResponse(runSelfTest, result));

    const list = await within(section).findByRole('list', { name: 'Contrôles du test' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual([
      'Signature DKIM valide\u202f: Réussi',
      'Alignement du domaine\u202f: Réussi',
      'Désinscription en un clic présente et signée\u202f: Réussi',
      'Version texte présente\u202f: Réussi',
      'HTML de moins de 100 Ko\u202f: Échec',
    ]);
    expect(within(list).getByText('HTML de 131 Ko : au-delà de 100 Ko, Gmail coupe le message.')).toBeTruthy();
    expect(within(section).getByText('Envoyé à : controle@avis-clients.test')).toBeTruthy();
    expect(within(section).getByText('Expéditeur : avis@atelier-nova.fr')).toBeTruthy();
    expect(within(section).getByText('1 contrôle en échec.')).toBeTruthy();
    expect(within(section).getByText('Résultat du test : 1 contrôle en échec.').getAttribute('role')).toBe('status');
    expect(callsTo(fetchMock, runSelfTest)).toHaveLength(1);

    expect(await axeViolations()).toEqual([]);
  }, 15_000);

  it.each([
    ['Vérifier', () => apiError(429, 'Trop de tentatives. Veuillez réessayer dans 12 minutes.', 'rate_limited')],
    ['Vérifier', () => apiError(409, 'Enregistrez d’abord une adresse d’expédition sur votre nom de domaine.', 'sender_domain_not_set')],
    ['Tester la délivrabilité', () => apiError(502, 'L’e-mail de test n’a pas pu être envoyé ou relu. Réessayez dans quelques minutes.', 'self_test_failed')],
    ['Tester la délivrabilité', () => apiError(429, 'Trop de tentatives. Veuillez réessayer dans 1 minute.', 'rate_limited')],
  ])("shows the server's French message when '%s' fails", async (action, failure) => {
    deliverabilityApi(senderState('avis@atelier-nova.fr'), { verify: failure, selfTest: failure });
    const section = await open();
    fireEvent.click(await within(section).findByRole('button', { name: action }));
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toBe(((await failure().json()) as { error: string }).error);
    // The page stays usable: the action can be tried again.
    expect((within(section).getByRole('button', { name: action }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(section).getByText('Non vérifié')).toBeTruthy();
  });

  it("'Supprimer l'adresse' asks first; confirmed, mail goes from the app's address again", async () => {
    const fetchMock = deliverabilityApi(senderState('avis@atelier-nova.fr'));
    const section = await open();
    fireEvent.click(await within(section).findByRole('button', { name: 'Supprimer l’adresse' }));
    let dialog = screen.getByRole('dialog', { name: 'Supprimer l’adresse d’expédition\u202f?' });
    expect(dialog.textContent).toContain(`de l’adresse de l’application\u202f: ${APP_FROM}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, removeSenderAddress)).toHaveLength(0);

    fireEvent.click(within(section).getByRole('button', { name: 'Supprimer l’adresse' }));
    dialog = screen.getByRole('dialog', { name: 'Supprimer l’adresse d’expédition\u202f?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await within(section).findByText('Adresse supprimée : vos e-mails partent de l’adresse de l’application.');
    expect(callsTo(fetchMock, removeSenderAddress)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(section).queryByRole('table')).toBeNull();
    await waitFor(() => expect(addressField().value).toBe(''), { timeout: 3000 });
    expect(within(section).getByText(`Vos e-mails partent de l’adresse de l’application : ${APP_FROM}.`)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(addressField()));
  });

  it('shows a load error with a retry button, the rest of the settings still usable', async () => {
    let fail = true;
    mockSignedInApi([...settingsRoutes, on(readDeliverability, () => (fail ? apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.') : noSender))]);
    const section = await open();
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger l’adresse d’expédition.');
    expect(screen.getByLabelText('E-mail de notification')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await within(section).findByText(`Vos e-mails partent de l’adresse de l’application : ${APP_FROM}.`);
  });
});
