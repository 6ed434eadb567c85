/** The flows screen's tests' world: the active store's flows, the mocked flows API and the screen's landmarks. */
import { screen } from '@testing-library/react';
import { createFlow, deleteFlow, type Flow, type FlowsPage, listFlows, updateFlow } from '#core/api/flows';
import { activeStore, apiError, renderRoute } from '#web/test/render';
import { mockSignedInApi, on, type Route } from '#web/test/endpoints';

/** The active store, as the flows list names it. */
export const mainStore: FlowsPage['stores'][number] = {
  id: activeStore.id,
  shop_domain: activeStore.shop_domain,
  shop_name: activeStore.shop_name,
  is_active: true,
};

export const afterShipping: Flow = {
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

export const bigOrders: Flow = {
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

export const defaultBody = {
  name: 'Nouveau flux',
  trigger_event: 'order_fulfilled',
  delay_days: 3,
  channels: { email: true, whatsapp: false },
  target_all_orders: true,
  minimum_order_amount: 0,
  reminder_days: null,
  is_active: true,
};

/**
 * An in-memory flows API of the active store: GET, POST, PUT and DELETE, the last two for the flows
 * given (and `f-new`, the id POST gives). `overrides` replace any endpoint.
 */
export function flowsApi(initial: Flow[], { overrides = [], gate }: { overrides?: Route[]; gate?: Promise<void> } = {}) {
  const flows = [...initial];
  const list = (): FlowsPage => ({ stores: [mainStore], store_id: mainStore.id, flows: [...flows] });
  const routes: Route[] = [
    on(listFlows, () => list()),
    on(createFlow, ({ body }) => {
      const flow: Flow = { ...(body as Omit<Flow, 'id' | 'created_at' | 'updated_at'>), id: 'f-new', created_at: '2025-10-14T09:00:00Z', updated_at: '2025-10-14T09:00:00Z' };
      flows.push(flow);
      return { flow };
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
          return { flow };
        },
        { id },
      ),
      on(
        deleteFlow,
        async () => {
          const index = await found();
          if (index < 0) return apiError(404, 'Flux introuvable', 'flow_not_found');
          flows.splice(index, 1);
          return { ok: true };
        },
        { id },
      ),
    );
  }
  return mockSignedInApi([...routes, ...overrides]);
}

export async function open() {
  const result = renderRoute('/app/flow');
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Configuration du flux' }, { timeout: 5_000 });
  return result;
}

export function card(name: string) {
  return screen.getByRole('article', { name });
}

/** Text with the narrow and non-breaking spaces of French number formats made plain. */
export function plain(text: string | null | undefined) {
  return (text ?? '').replace(/\s/g, ' ');
}

export function field(name: string) {
  return screen.getByLabelText(name) as HTMLInputElement;
}
