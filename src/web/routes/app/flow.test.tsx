import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFlow, deleteFlow, type Flow, type FlowsPage, listFlows, updateFlow } from '#core/api/flows';
import { FLOW_LIMITS, flowValidationMessages } from '#core/flow-limits';
import { activeStore, apiError, jsonResponse, renderRoute } from '#web/test/render';
import { callsTo, mockSignedInApi, on, type Route, sentBodyTo } from '#web/test/endpoints';

afterEach(() => {
  vi.useRealTimers();
});

/** The active store, as the flows list names it. */
const mainStore: FlowsPage['stores'][number] = {
  id: activeStore.id,
  shop_domain: activeStore.shop_domain,
  shop_name: activeStore.shop_name,
  is_active: true,
};

const afterShipping: Flow = {
  id: 'f1',
  shopify_store_id: mainStore.id,
  name: 'Après expédition',
  trigger_event: 'order_fulfilled',
  delay_days: 3,
  channels: { email: true, whatsapp: false },
  target_all_orders: true,
  minimum_order_amount: 0,
  reminder_days: null,
  is_active: true,
  created_at: '2025-10-01T09:00:00Z',
  updated_at: '2025-10-01T09:00:00Z',
};

const bigOrders: Flow = {
  ...afterShipping,
  id: 'f2',
  name: 'Grosses commandes',
  trigger_event: 'order_paid',
  delay_days: 1,
  target_all_orders: false,
  minimum_order_amount: 50,
  reminder_days: 7,
  is_active: false,
  created_at: '2025-10-02T09:00:00Z',
  updated_at: '2025-10-02T09:00:00Z',
};

const defaultBody = {
  name: 'Nouveau flux',
  trigger_event: 'order_fulfilled',
  delay_days: 3,
  channels: { email: true, whatsapp: false },
  target_all_orders: true,
  minimum_order_amount: 0,
  reminder_days: null,
  is_active: true,
};

type FetchMock = ReturnType<typeof mockSignedInApi>;

/**
 * An in-memory flows API of the active store: GET, POST, PUT and DELETE, the last two for the flows
 * given (and `f-new`, the id POST gives). `overrides` replace any endpoint.
 */
function flowsApi(initial: Flow[], { overrides = [], gate }: { overrides?: Route[]; gate?: Promise<void> } = {}) {
  const flows = [...initial];
  const list = (): FlowsPage => ({ stores: [mainStore], store_id: mainStore.id, flows: [...flows] });
  const routes: Route[] = [
    on(listFlows, () => jsonResponse(list())),
    on(createFlow, ({ body }) => {
      const flow: Flow = { ...(body as Omit<Flow, 'id' | 'created_at' | 'updated_at'>), id: 'f-new', created_at: '2025-10-14T09:00:00Z', updated_at: '2025-10-14T09:00:00Z' };
      flows.push(flow);
      return jsonResponse({ flow }, 201);
    }),
  ];
  // One route per flow id known here, so any other id answers 404 like an unknown path.
  for (const id of [...flows.map((flow) => flow.id), 'f-new']) {
    const found = async () => {
      await gate;
      return flows.findIndex((flow) => flow.id === id);
    };
    routes.push(
      on(
        updateFlow,
        async ({ body }) => {
          const index = await found();
          if (index < 0) return apiError(404, 'Flux introuvable', 'flow_not_found');
          const flow = { ...flows[index]!, ...(body as Partial<Flow>) };
          flows[index] = flow;
          return jsonResponse({ flow });
        },
        { id },
      ),
      on(
        deleteFlow,
        async () => {
          const index = await found();
          if (index < 0) return apiError(404, 'Flux introuvable', 'flow_not_found');
          flows.splice(index, 1);
          return jsonResponse({ ok: true });
        },
        { id },
      ),
    );
  }
  return mockSignedInApi([...routes, ...overrides]);
}

async function open() {
  const result = renderRoute('/app/flow');
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Configuration du flux' }, { timeout: 5_000 });
  return result;
}

function card(name: string) {
  return screen.getByRole('article', { name });
}

/** Text with the narrow and non-breaking spaces of French number formats made plain. */
function plain(text: string | null | undefined) {
  return (text ?? '').replace(/\s/g, ' ');
}

function field(name: string) {
  return screen.getByLabelText(name) as HTMLInputElement;
}

describe('/app/flow list', () => {
  it('shows a spinner while loading, then one card per flow with its settings in French', async () => {
    let answer: (response: Response) => void = () => {};
    mockSignedInApi([on(listFlows, () => new Promise<Response>((resolve) => (answer = resolve)))]);
    await open();
    expect((await screen.findByText('Chargement de vos flux…')).closest('[role="status"]')).not.toBeNull();

    answer(jsonResponse({ stores: [mainStore], store_id: mainStore.id, flows: [afterShipping, bigOrders] }));

    const first = await screen.findByRole('article', { name: 'Après expédition' });
    expect(screen.queryByText('Chargement de vos flux…')).toBeNull();
    expect(within(first).getByText('Commande expédiée')).toBeTruthy();
    expect(within(first).getByText('3 jours après l’expédition')).toBeTruthy();
    expect(within(first).getByText('Email')).toBeTruthy();
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
    mockSignedInApi([on(listFlows, () => (fail ? apiError(500, 'Erreur interne') : jsonResponse({ stores: [mainStore], store_id: mainStore.id, flows: [afterShipping] })))]);
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
    expect((within(form).getByLabelText('Email') as HTMLInputElement).checked).toBe(true);
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
        on(listFlows, () => jsonResponse({ stores: [mainStore], store_id: mainStore.id, flows: [] })),
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
        on(listFlows, () => jsonResponse({ stores: [mainStore], store_id: mainStore.id, flows: [] })),
        on(createFlow, () => jsonResponse({ error: 'Le nom du flux ne peut pas dépasser 100 caractères', code: 'invalid_input', field: 'name' }, 400)),
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

describe('/app/flow editing', () => {
  it('opens the form with the flow, shows a busy Save, sends PUT and updates the card', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = flowsApi([afterShipping, bigOrders], { gate });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier le flux Grosses commandes' }));

    const form = screen.getByRole('form', { name: 'Modifier le flux Grosses commandes' });
    const name = within(form).getByLabelText('Nom du flux') as HTMLInputElement;
    expect(name.value).toBe('Grosses commandes');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect((within(form).getByLabelText('Déclencheur') as HTMLSelectElement).value).toBe('order_paid');
    expect((within(form).getByLabelText('Délai avant envoi (jours)') as HTMLInputElement).value).toBe('1');
    expect((within(form).getByLabelText('Toutes les commandes') as HTMLInputElement).checked).toBe(false);
    const minimum = within(form).getByLabelText('Montant minimum de commande (€)') as HTMLInputElement;
    expect(minimum.disabled).toBe(false);
    expect(minimum.value).toBe('50');
    expect((within(form).getByLabelText('Flux actif') as HTMLInputElement).checked).toBe(false);
    expect((within(form).getByLabelText('Envoyer une relance') as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Relance après (jours)') as HTMLInputElement).value).toBe('7');

    fireEvent.change(name, { target: { value: 'Commandes premium' } });
    fireEvent.change(within(form).getByLabelText('Déclencheur'), { target: { value: 'order_fulfilled' } });
    fireEvent.change(within(form).getByLabelText('Délai avant envoi (jours)'), { target: { value: '7' } });
    fireEvent.change(minimum, { target: { value: '75.5' } });
    fireEvent.click(within(form).getByLabelText('Flux actif'));
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    const busy = await within(form).findByRole('button', { name: 'Enregistrement...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    release();

    await screen.findByText('Flux enregistré avec succès !');
    const put = callsTo(fetchMock, updateFlow, { id: 'f2' });
    expect(put).toHaveLength(1);
    expect(sentBodyTo(fetchMock, updateFlow, { id: 'f2' })).toEqual({
      name: 'Commandes premium',
      trigger_event: 'order_fulfilled',
      delay_days: 7,
      channels: { email: true, whatsapp: false },
      target_all_orders: false,
      minimum_order_amount: 75.5,
      reminder_days: 7,
      is_active: true,
    });
    expect(callsTo(fetchMock, createFlow)).toHaveLength(0);
    // The list was fetched again after the save: the card shows the new settings.
    expect(callsTo(fetchMock, listFlows)).toHaveLength(2);
    expect(screen.queryByRole('form')).toBeNull();
    const updated = card('Commandes premium');
    expect(within(updated).getByText('7 jours après l’expédition')).toBeTruthy();
    expect(within(updated).getByText('Actif')).toBeTruthy();
    expect(plain(updated.textContent)).toContain('Commandes ≥ 75,50 €');
    expect(screen.queryByRole('article', { name: 'Grosses commandes' })).toBeNull();
  });

  it('Cancel closes the form without saving and returns focus to the Edit button', async () => {
    const fetchMock = flowsApi([afterShipping]);
    await open();
    const edit = await screen.findByRole('button', { name: 'Modifier le flux Après expédition' });
    fireEvent.click(edit);
    fireEvent.change(field('Nom du flux'), { target: { value: 'Autre nom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));

    expect(screen.queryByRole('form')).toBeNull();
    expect(card('Après expédition')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Modifier le flux Après expédition' })));
    expect(callsTo(fetchMock, updateFlow, { id: 'f1' })).toHaveLength(0);
  });
});

describe('/app/flow deleting', () => {
  it("asks for confirmation, then sends DELETE and says 'Flux supprimé'", async () => {
    const fetchMock = flowsApi([afterShipping, bigOrders]);
    await open();
    const remove = await screen.findByRole('button', { name: 'Supprimer le flux Après expédition' });
    remove.focus();
    fireEvent.click(remove);

    let dialog = screen.getByRole('dialog', { name: 'Supprimer ce flux\u202f?' });
    expect(dialog.textContent).toContain('Après expédition');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(callsTo(fetchMock, deleteFlow, { id: 'f1' })).toHaveLength(0);

    fireEvent.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Supprimer ce flux\u202f?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

    const notice = await screen.findByText('Flux supprimé');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    // The card and its button are gone: focus goes to the notice.
    await waitFor(() => expect(document.activeElement?.contains(notice)).toBe(true));
    expect(callsTo(fetchMock, deleteFlow, { id: 'f1' })).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Après expédition' })).toBeNull());
    expect(card('Grosses commandes')).toBeTruthy();
  });

  it("shows the server's message when the deletion fails", async () => {
    flowsApi([afterShipping], {
      overrides: [on(deleteFlow, () => apiError(404, 'Flux introuvable'), { id: 'f1' })],
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer le flux Après expédition' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Flux introuvable');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Flux supprimé')).toBeNull();
  });
});

describe('/app/flow store', () => {
  it("shows the active store's flows only, with no store selector, and asks for them without a store id", async () => {
    const fetchMock = flowsApi([afterShipping]);
    await open();
    await screen.findByRole('article', { name: 'Après expédition' });
    expect(callsTo(fetchMock, listFlows).map(([input]) => String(input))).toEqual([listFlows.path]);
    expect(screen.queryByRole('combobox', { name: 'Boutique' })).toBeNull();
  });
});

describe('/app/flow delivery trigger and reminder', () => {
  it("offers 'Commande livrée' with its hint, and saves a flow on delivery", async () => {
    const fetchMock = flowsApi([]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un flux' }));
    const form = screen.getByRole('form', { name: 'Nouveau flux' });
    const trigger = within(form).getByLabelText('Déclencheur') as HTMLSelectElement;
    expect([...trigger.options].map((o) => [o.value, o.textContent])).toEqual([
      ['order_paid', 'Commande payée'],
      ['order_fulfilled', 'Commande expédiée'],
      ['order_delivered', 'Commande livrée'],
    ]);
    const hint = () => document.getElementById(trigger.getAttribute('aria-describedby')!)?.textContent ?? '';
    expect(hint()).toContain('À l’expédition');

    fireEvent.change(trigger, { target: { value: 'order_delivered' } });
    expect(hint()).toContain('Recommandé');
    expect(hint()).toContain('scan «\u202flivré\u202f» du transporteur');
    expect(hint()).toContain('sans suivi de livraison');

    fireEvent.change(within(form).getByLabelText('Délai avant envoi (jours)'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Flux enregistré avec succès !');
    expect(sentBodyTo(fetchMock, createFlow)).toEqual({ shopify_store_id: mainStore.id, ...defaultBody, trigger_event: 'order_delivered', delay_days: 2 });
    const created = card('Nouveau flux');
    expect(within(created).getByText('Commande livrée')).toBeTruthy();
    expect(within(created).getByText('2 jours après la livraison')).toBeTruthy();
  });

  it("'Envoyer une relance' shows 'Relance après (jours)', validates 1 to 30 with the contract's message and sends it", async () => {
    const fetchMock = flowsApi([]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un flux' }));
    const box = field('Envoyer une relance');
    expect(box.checked).toBe(false);
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toContain('uniquement aux clients qui n’ont pas encore laissé d’avis');
    expect(screen.queryByLabelText('Relance après (jours)')).toBeNull();

    fireEvent.click(box);
    expect(box.checked).toBe(true);
    const days = field('Relance après (jours)');
    expect(days.value).toBe('3');
    expect(days.min).toBe('1');
    expect(days.max).toBe('30');
    await waitFor(() => expect(document.activeElement).toBe(days));

    for (const wrong of ['0', '31', '2.5', '']) {
      fireEvent.change(days, { target: { value: wrong } });
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
      const message = await screen.findByText(flowValidationMessages.reminder);
      expect(message.getAttribute('role')).toBe('alert');
      expect(days.getAttribute('aria-invalid')).toBe('true');
    }
    expect(callsTo(fetchMock, createFlow)).toHaveLength(0);

    fireEvent.change(days, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Flux enregistré avec succès !');
    expect(sentBodyTo(fetchMock, createFlow)).toEqual({ shopify_store_id: mainStore.id, ...defaultBody, reminder_days: 10 });
    expect(within(card('Nouveau flux')).getByText('10 jours après le premier e-mail, si pas encore d’avis')).toBeTruthy();
  });

  it('unticking the reminder removes it from the flow, even with an invalid number typed', async () => {
    const fetchMock = flowsApi([bigOrders]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier le flux Grosses commandes' }));
    fireEvent.change(field('Relance après (jours)'), { target: { value: '99' } });
    fireEvent.click(field('Envoyer une relance'));
    expect(screen.queryByLabelText('Relance après (jours)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Flux enregistré avec succès !');
    expect(sentBodyTo(fetchMock, updateFlow, { id: 'f2' })).toMatchObject({ reminder_days: null });
    expect(within(card('Grosses commandes')).getByText('Aucune relance')).toBeTruthy();
  });
});
