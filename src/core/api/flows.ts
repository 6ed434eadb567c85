/**
 * Flow configurations (docs/product/entities.md, docs/product/validation.md 'Flow', docs/product/limits.md): the active store's flows, created, changed
 * and deleted there only. The input schema is the server's validation and the web form's
 * (react-hook-form's zodResolver), so a bound or a message is written here once.
 */
import { z } from 'zod';
import { TRIGGER_EVENTS } from '../domain';
import { FLOW_LIMITS, flowValidationMessages as m } from '../flow-limits';
import { endpoint } from './endpoint';
import { isoDateTime, ok, uuid } from './wire';

export const FLOW_ERRORS = {
  flow_not_found: 404,
} as const satisfies Record<string, number>;

/** A flow's settings: the body of PUT /api/flows/:id (POST adds `shopify_store_id`). */
export const flowInput = z.object({
  name: z.string({ message: m.nameRequired }).trim().min(1, m.nameRequired).max(FLOW_LIMITS.nameMax, m.nameTooLong),
  trigger_event: z.enum(TRIGGER_EVENTS, { message: m.trigger }),
  delay_days: z.number({ message: m.delay }).int(m.delay).min(0, m.delay).max(FLOW_LIMITS.maxDelayDays, m.delay),
  channels: z.object({ email: z.boolean(), whatsapp: z.literal(false, { message: m.whatsapp }) }),
  target_all_orders: z.boolean(),
  minimum_order_amount: z.number({ message: m.minimum }).finite(m.minimum).min(0, m.minimum).max(FLOW_LIMITS.maxMinimumAmount, m.minimumTooLarge),
  /** Days after the first e-mail for the one reminder to customers who have not reviewed; null (or absent): none. */
  reminder_days: z
    .number({ message: m.reminder })
    .int(m.reminder)
    .min(FLOW_LIMITS.reminderDays.min, m.reminder)
    .max(FLOW_LIMITS.reminderDays.max, m.reminder)
    .nullable()
    .default(null),
  is_active: z.boolean(),
});
/** What the form edits (numbers as numbers: an empty field is NaN, refused with the field's message). */
export type FlowInputValues = z.input<typeof flowInput>;
export type FlowInput = z.output<typeof flowInput>;

/** POST /api/flows: the settings and the store they belong to, which must be the active store. */
export const newFlowInput = flowInput.extend({ shopify_store_id: z.uuid({ message: m.noStore }) });

export const flow = z.object({
  id: z.string(),
  shopify_store_id: z.string(),
  name: z.string(),
  trigger_event: z.enum(TRIGGER_EVENTS),
  delay_days: z.number().int(),
  // What the row holds (the input refuses WhatsApp today, so it is false for every flow saved through it).
  channels: z.object({ email: z.boolean(), whatsapp: z.boolean() }),
  target_all_orders: z.boolean(),
  /** In the shop's currency, 2 decimals. */
  minimum_order_amount: z.number(),
  reminder_days: z.number().int().nullable(),
  is_active: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Flow = z.infer<typeof flow>;

/** The store the flows belong to, as the flows screen names it. */
export const flowStore = z.object({
  id: z.string(),
  shop_domain: z.string(),
  shop_name: z.string().nullable(),
  is_active: z.boolean(),
});

export const flowsPage = z.object({
  /** The active store, as a one-item list (the answer listed every store of the account before flows were scoped to the active one). */
  stores: z.array(flowStore),
  store_id: z.string(),
  /** Oldest first. */
  flows: z.array(flow),
});
export type FlowsPage = z.infer<typeof flowsPage>;

const flowParams = z.object({ id: uuid });

export const listFlows = endpoint({
  method: 'GET',
  path: '/api/flows',
  access: 'store',
  summary: "the active store's flows, oldest first",
  // Optional; when given, it must be the active store's id.
  query: z.object({ store_id: uuid.optional() }),
  response: flowsPage,
  errors: [],
});

export const createFlow = endpoint({
  method: 'POST',
  path: '/api/flows',
  access: 'store',
  summary: 'adds a flow to the active store',
  body: newFlowInput,
  response: z.object({ flow }),
  status: 201,
  errors: [],
});

export const updateFlow = endpoint({
  method: 'PUT',
  path: '/api/flows/:id',
  access: 'store',
  summary: "changes one of the active store's flows (switching it off cancels what it scheduled and has not sent)",
  params: flowParams,
  body: flowInput,
  response: z.object({ flow }),
  errors: ['flow_not_found'],
});

export const deleteFlow = endpoint({
  method: 'DELETE',
  path: '/api/flows/:id',
  access: 'store',
  summary: "deletes one of the active store's flows and cancels what it scheduled and has not sent",
  params: flowParams,
  response: ok,
  errors: ['flow_not_found'],
});
