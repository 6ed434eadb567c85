import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFlow, listFlows } from '#core/api/flows';
import { FLOW_LIMITS, flowValidationMessages } from '#core/flow-limits';
import { apiError } from '#web/test/render';
import { callsTo, mockSignedInApi, on, sentBodyTo, contractResponse } from '#web/test/endpoints';
import { mainStore, afterShipping, bigOrders, defaultBody, flowsApi, open, card, plain, field } from '#web/test/flow-page';

afterEach(() => {
  vi.useRealTimers();
});

describe('/app/flow list', () => {
  it('shows a spinner while loading, then one card per flow with its settings in French', async () => {
    let answer: (response: Response) => void = () => {};
    mockSignedInApi([on(listFlows, () => new Promise<Response>((resolve) => (answer = resolve)))]);
    await open();
    expect((await screen.findByText('Chargement de vos flux…')).closest('[role="status"]')).not.toBeNull();

    answer(contractResponse(listFlows, { stores: [mainStore], store_id: mainStore.id, flows: [afterShipping, bigOrders] }));

    const first = await screen.findByRole('article', { name: 'Après expédition' });
    expect(screen.queryByText('Chargement de vos flux…')).toBeNull();
    expect(within(first).getByText('Commande expédiée')).toBeTruthy();
    expect(within(first).getByText('3 jours après l’expédition')).toBeTruthy();
    expect(within(first).getByText('E-mail')).toBeTruthy();
    expect(within(first).getByText('Toutes les commandes')).toBeTruthy();
    expect(within(first).getByText('Actif')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Modifier le flux Après expédition' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Supprimer le flux Après expédition' })).toBeTruthy();

    const second = card('Grosses commandes');
    expect(within(second).getByText('Commande payée')).toBeTruthy();
    expect(within(second).getByText('1 jour après le paiement')).toBeTruthy();
    expect(within(second).getByText('Inactif')).toBeTruthy();
    expect(plain(second.textContent)).toContain('Commandes ≥ 50,00 €');
    expect(within(second).getByText('7 jours après le premier e-mail, si pas encore d’avis')).toBeTruthy();
    expect(within(first).getByText('Aucune relance')).toBeTruthy();

    // Oldest first, as the server sends them.
    const names = within(screen.getByRole('list', { name: 'Flux configurés' }))
      .getAllByRole('article')
      .map((article) => article.querySelector('h3')?.textContent);
    expect(names).toEqual(['Après expédition', 'Grosses commandes']);
    // One store: no selector.
    expect(screen.queryByRole('combobox', { name: 'Boutique' })).toBeNull();
  });

  it("explains flows and offers 'Ajouter un flux' when there are none", async () => {
    flowsApi([]);
    await open();
    expect(await screen.findByRole('heading', { name: 'Aucun flux configuré' })).toBeTruthy();
    expect(screen.getByText(/envoie automatiquement une demande d’avis/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter un flux' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Flux configurés' })).toBeNull();
  });

  it('links to the integrations when the account has no store', async () => {
    mockSignedInApi([on(listFlows, () => apiError(404, 'Aucune boutique Shopify connectée', 'no_store'))]);
    await open();
    expect(await screen.findByRole('heading', { name: 'Aucune boutique Shopify connectée' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller aux intégrations' }).getAttribute('href')).toBe('/app/integrations');
    expect(screen.queryByRole('button', { name: 'Ajouter un flux' })).toBeNull();
  });

  it('shows a load error with a retry button that loads again', async () => {
    let fail = true;
    mockSignedInApi([on(listFlows, () => (fail ? apiError(500, 'Erreur interne') : { stores: [mainStore], store_id: mainStore.id, flows: [afterShipping] }))]);
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger vos flux. Veuillez réessayer.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('article', { name: 'Après expédition' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('/app/flow adding', () => {
  it("creates a flow with the defaults, shows 'Flux enregistré avec succès!' for 3 s and lists it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = flowsApi([]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un flux' }));

    const form = screen.getByRole('form', { name: 'Nouveau flux' });
    const name = within(form).getByLabelText('Nom du flux') as HTMLInputElement;
    expect(name.value).toBe('Nouveau flux');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect((within(form).getByLabelText('Déclencheur') as HTMLSelectElement).value).toBe('order_fulfilled');
    expect((within(form).getByLabelText('Délai avant envoi (jours)') as HTMLInputElement).value).toBe('3');
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).checked).toBe(true);
    const whatsapp = within(form).getByLabelText('WhatsApp') as HTMLInputElement;
    expect(whatsapp.checked).toBe(false);
    expect(whatsapp.disabled).toBe(true);
    expect(document.getElementById(whatsapp.getAttribute('aria-describedby')!)?.textContent).toContain('arrive bientôt');
    expect(within(form).getByText('Bientôt disponible')).toBeTruthy();
    expect((within(form).getByLabelText('Toutes les commandes') as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Flux actif') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    const notice = await screen.findByText('Flux enregistré avec succès !');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(sentBodyTo(fetchMock, createFlow)).toEqual({ shopify_store_id: mainStore.id, ...defaultBody });
    expect(callsTo(fetchMock, createFlow)).toHaveLength(1);
    expect(screen.queryByRole('form')).toBeNull();
    const created = card('Nouveau flux');
    expect(within(created).getByText('3 jours après l’expédition')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(created).getByRole('button', { name: 'Modifier le flux Nouveau flux' })));

    act(() => {
      vi.advanceTimersByTime(2_900);
    });
    expect(screen.getByText('Flux enregistré avec succès !')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Flux enregistré avec succès !')).toBeNull();
  });

  it("blocks an empty name with 'Le nom du flux est requis' and sends nothing", async () => {
    const fetchMock = flowsApi([afterShipping]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un flux' }));
    const name = field('Nom du flux');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const message = await screen.findByText('Le nom du flux est requis');
    expect(message.getAttribute('role')).toBe('alert');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    expect(callsTo(fetchMock, createFlow)).toHaveLength(0);
    expect(screen.getByRole('form', { name: 'Nouveau flux' })).toBeTruthy();
  });

  it.each([['2.5'], ['-1'], [''], ['366']])('refuses a delay of %j days', async (delay) => {
    const fetchMock = flowsApi([]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un flux' }));
    fireEvent.change(field('Délai avant envoi (jours)'), { target: { value: delay } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le délai doit être un nombre entier de jours, positif ou nul (365 au plus)')).toBeTruthy();
    expect(callsTo(fetchMock, createFlow)).toHaveLength(0);
  });

  it("enables the minimum amount only when 'Toutes les commandes' is off, validates it and sends it", async () => {
    const fetchMock = flowsApi([]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un flux' }));
    const all = field('Toutes les commandes');
    const minimum = field('Montant minimum de commande (€)');
    expect(minimum.disabled).toBe(true);
    expect(minimum.value).toBe('0');
    expect(minimum.step).toBe('0.01');
    expect(minimum.min).toBe('0');

    fireEvent.click(all);
    expect(all.checked).toBe(false);
    expect(minimum.disabled).toBe(false);

    fireEvent.change(minimum, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le montant minimum doit être un nombre positif ou nul')).toBeTruthy();
    expect(callsTo(fetchMock, createFlow)).toHaveLength(0);

    // Back to all orders: the field is disabled again and its error goes.
    fireEvent.click(all);
    expect(minimum.disabled).toBe(true);
    expect(screen.queryByText(/Le montant minimum doit être/)).toBeNull();
    fireEvent.click(all);
    expect(minimum.disabled).toBe(false);

    // Over the server's bound: the form says so itself, with the server's words.
    fireEvent.change(minimum, { target: { value: '1000000000.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le montant minimum ne peut pas dépasser 1 000 000 000')).toBeTruthy();
    expect(callsTo(fetchMock, createFlow)).toHaveLength(0);

    fireEvent.change(minimum, { target: { value: '49.9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Flux enregistré avec succès !');
    expect(sentBodyTo(fetchMock, createFlow)).toEqual({
      shopify_store_id: mainStore.id,
      ...defaultBody,
      target_all_orders: false,
      minimum_order_amount: 49.9,
    });
    expect(plain(card('Nouveau flux').textContent)).toContain('Commandes ≥ 49,90 €');
  });

  it("shows the server's message when it refuses the flow, and keeps the form", async () => {
    // The store was disconnected in another tab meanwhile.
    const fetchMock = flowsApi([], {
      overrides: [
        on(listFlows, () => ({ stores: [mainStore], store_id: mainStore.id, flows: [] })),
        on(createFlow, () => apiError(404, 'Aucune boutique Shopify connectée', 'no_store')),
      ],
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un flux' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Aucune boutique Shopify connectée');
    expect(callsTo(fetchMock, createFlow)).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'Nouveau flux' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Flux enregistré avec succès !')).toBeNull();
  });

  it('shows a refusal the server pins on a field on that field', async () => {
    flowsApi([], {
      overrides: [
        on(listFlows, () => ({ stores: [mainStore], store_id: mainStore.id, flows: [] })),
        on(createFlow, () => apiError(400, 'Le nom du flux ne peut pas dépasser 100 caractères', 'invalid_input', { field: 'name' })),
      ],
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un flux' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const message = await screen.findByText('Le nom du flux ne peut pas dépasser 100 caractères');
    const name = field('Nom du flux');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    // Said once, on the field.
    expect(screen.getAllByText('Le nom du flux ne peut pas dépasser 100 caractères')).toHaveLength(1);
  });

  it('refuses an amount over the limit shared with the server, with the contract’s message, and sends nothing', async () => {
    const fetchMock = flowsApi([]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un flux' }));
    fireEvent.click(field('Toutes les commandes'));
    const minimum = field('Montant minimum de commande (€)');
    expect(minimum.max).toBe(String(FLOW_LIMITS.maxMinimumAmount));

    fireEvent.change(minimum, { target: { value: String(FLOW_LIMITS.maxMinimumAmount + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const message = await screen.findByText(flowValidationMessages.minimumTooLarge);
    expect(message.getAttribute('role')).toBe('alert');
    expect(callsTo(fetchMock, createFlow)).toHaveLength(0);

    // The limit itself is accepted.
    fireEvent.change(minimum, { target: { value: String(FLOW_LIMITS.maxMinimumAmount) } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Flux enregistré avec succès !');
    expect(sentBodyTo(fetchMock, createFlow)).toMatchObject({ target_all_orders: false, minimum_order_amount: FLOW_LIMITS.maxMinimumAmount });
  });
});
