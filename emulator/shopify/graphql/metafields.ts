// Metafields on the local Shopify: metafieldsSet (app-data metafields on the app's installation, the
// ones a theme app extension reads as `app.metafields.<namespace>.<key>`) and metafieldDefinitionCreate,
// with the shapes of Shopify's Admin schema (tests/shopify/emulator-schema.test.ts compares them) and
// the checks Shopify makes on the input. Held in memory per shop, like a new shop's metafields.
import type { EmulatorCore } from '../core';
import type { GqlContext } from './resolvers';

export const METAFIELD_SDL = /* GraphQL */ `
  enum MetafieldOwnerType {
    SHOP
    PRODUCT
    CUSTOMER
    ORDER
  }
  enum MetafieldsSetUserErrorCode {
    APP_NOT_AUTHORIZED
    BLANK
    INCLUSION
    INVALID
    INVALID_TYPE
    INVALID_VALUE
    LESS_THAN_OR_EQUAL_TO
    TOO_LONG
    TOO_SHORT
  }
  enum MetafieldDefinitionCreateUserErrorCode {
    BLANK
    INCLUSION
    INVALID
    INVALID_CHARACTER
    TAKEN
    TOO_LONG
    TOO_SHORT
  }

  type Metafield implements Node {
    id: ID!
    namespace: String!
    key: String!
    type: String!
    value: String!
    compareDigest: String!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  input MetafieldsSetInput {
    compareDigest: String
    key: String!
    namespace: String
    ownerId: ID!
    type: String
    value: String!
  }

  type MetafieldsSetUserError {
    code: MetafieldsSetUserErrorCode
    elementIndex: Int
    field: [String!]
    message: String!
  }

  type MetafieldsSetPayload {
    metafields: [Metafield!]
    userErrors: [MetafieldsSetUserError!]!
  }

  type MetafieldDefinitionType {
    name: String!
    category: String!
  }

  type MetafieldDefinition implements Node {
    id: ID!
    name: String!
    namespace: String!
    key: String!
    description: String
    ownerType: MetafieldOwnerType!
    type: MetafieldDefinitionType!
  }

  input MetafieldDefinitionInput {
    description: String
    key: String!
    name: String!
    namespace: String
    ownerType: MetafieldOwnerType!
    type: String!
  }

  type MetafieldDefinitionCreateUserError {
    code: MetafieldDefinitionCreateUserErrorCode
    elementIndex: Int
    field: [String!]
    message: String!
  }

  type MetafieldDefinitionCreatePayload {
    createdDefinition: MetafieldDefinition
    userErrors: [MetafieldDefinitionCreateUserError!]!
  }

  extend type Mutation {
    metafieldsSet(metafields: [MetafieldsSetInput!]!): MetafieldsSetPayload
    metafieldDefinitionCreate(definition: MetafieldDefinitionInput!): MetafieldDefinitionCreatePayload
  }
`;

/** The types Shopify accepts for a metafield, with their category (a subset: the text, number and JSON ones). */
const TYPES: Record<string, string> = {
  json: 'JSON',
  single_line_text_field: 'TEXT',
  multi_line_text_field: 'TEXT',
  number_integer: 'NUMBER',
  number_decimal: 'NUMBER',
  boolean: 'TRUE_FALSE',
};
/** Shopify's limits: 25 metafields per call; a json value up to 128 KB, another type's up to 64 KB. */
const MAX_PER_CALL = 25;
const MAX_JSON_BYTES = 128 * 1024;
const MAX_VALUE_BYTES = 64 * 1024;
const NAMESPACE_RE = /^[A-Za-z0-9_-]{3,255}$/;
const KEY_RE = /^[A-Za-z0-9_-]{2,64}$/;

export interface EmulatorMetafield {
  id: number;
  ownerId: string;
  namespace: string;
  key: string;
  type: string;
  value: string;
  createdAt: string;
  updatedAt: string;
}

interface EmulatorDefinition {
  id: number;
  name: string;
  namespace: string;
  key: string;
  description: string | null;
  ownerType: string;
  type: string;
}

interface ShopMetafields {
  metafields: Map<string, EmulatorMetafield>;
  definitions: EmulatorDefinition[];
}

const held = new WeakMap<EmulatorCore, Map<string, ShopMetafields>>();
let nextId = 1;

function shopData(core: EmulatorCore, shop: string): ShopMetafields {
  let shops = held.get(core);
  if (!shops) held.set(core, (shops = new Map()));
  let data = shops.get(shop);
  if (!data) shops.set(shop, (data = { metafields: new Map(), definitions: [] }));
  return data;
}

/** The app's installation on a shop, as Shopify names it (the owner of app-data metafields). */
export const installationGid = (installationId: number | string) => `gid://shopify/AppInstallation/${installationId}`;

/** The app-data metafields of the app's installation on `shop`, as Liquid's `app.metafields` gives them: namespace → key → metafield. */
export function appMetafields(core: EmulatorCore, shop: string, installationId: number | string): Record<string, Record<string, EmulatorMetafield>> {
  const owner = installationGid(installationId);
  const out: Record<string, Record<string, EmulatorMetafield>> = {};
  for (const m of shopData(core, shop).metafields.values()) if (m.ownerId === owner) (out[m.namespace] ??= {})[m.key] = m;
  return out;
}

type SetError = { code: string; elementIndex: number; field: string[]; message: string };

function checkInput(ctx: GqlContext, input: Record<string, unknown>, index: number, appNamespace: string): SetError | EmulatorMetafield {
  const fail = (code: string, field: string, message: string): SetError => ({ code, elementIndex: index, field: ['metafields', String(index), field], message });
  const installation = ctx.shop.installation;
  if (!installation || input.ownerId !== installationGid(installation.id)) return fail('INVALID', 'ownerId', 'Owner does not exist.');
  const namespace = input.namespace == null ? appNamespace : String(input.namespace);
  if (!NAMESPACE_RE.test(namespace)) return fail(namespace.length < 3 ? 'TOO_SHORT' : 'INVALID', 'namespace', 'Namespace is invalid.');
  const key = String(input.key);
  if (!KEY_RE.test(key)) return fail(key.length < 2 ? 'TOO_SHORT' : 'INVALID', 'key', 'Key is invalid.');
  const data = shopData(ctx.core, ctx.shop.domain);
  const existing = data.metafields.get(`${input.ownerId}|${namespace}|${key}`);
  const type = input.type == null ? existing?.type : String(input.type);
  if (!type) return fail('BLANK', 'type', "Type can't be blank.");
  if (!TYPES[type]) return fail('INCLUSION', 'type', 'Type is not included in the list.');
  if (existing && existing.type !== type) return fail('INVALID_TYPE', 'type', 'Type cannot be changed.');
  const value = String(input.value);
  if (value === '') return fail('BLANK', 'value', "Value can't be blank.");
  const bytes = Buffer.byteLength(value);
  if (bytes > (type === 'json' ? MAX_JSON_BYTES : MAX_VALUE_BYTES)) return fail('LESS_THAN_OR_EQUAL_TO', 'value', 'Value is too big.');
  if (type === 'json') {
    try {
      JSON.parse(value);
    } catch {
      return fail('INVALID_VALUE', 'value', 'Value is invalid JSON.');
    }
  }
  if (type === 'number_integer' && !/^-?\d+$/.test(value)) return fail('INVALID_VALUE', 'value', 'Value must be an integer.');
  if (type === 'boolean' && value !== 'true' && value !== 'false') return fail('INVALID_VALUE', 'value', 'Value must be true or false.');
  const now = new Date().toISOString();
  return { id: existing?.id ?? nextId++, ownerId: String(input.ownerId), namespace, key, type, value, createdAt: existing?.createdAt ?? now, updatedAt: now };
}

const metafieldView = (m: EmulatorMetafield) => ({
  __typename: 'Metafield',
  ...m,
  id: `gid://shopify/Metafield/${m.id}`,
  compareDigest: Buffer.from(`${m.id}:${m.updatedAt}`).toString('base64url'),
});

export const metafieldResolvers = {
  /** All or nothing, as on Shopify: one invalid input and none is set. */
  metafieldsSet: (args: { metafields?: Record<string, unknown>[] }, ctx: GqlContext) => {
    const inputs = args.metafields ?? [];
    if (inputs.length > MAX_PER_CALL) {
      return {
        metafields: [],
        userErrors: [{ code: 'LESS_THAN_OR_EQUAL_TO', elementIndex: null, field: ['metafields'], message: `Exceeded the maximum metafields input limit of ${MAX_PER_CALL}.` }],
      };
    }
    const appNamespace = `app--${ctx.core.app.apiKey}`;
    const checked = inputs.map((input, i) => checkInput(ctx, input, i, appNamespace));
    const errors = checked.filter((c): c is SetError => 'code' in c);
    if (errors.length > 0) return { metafields: [], userErrors: errors };
    const data = shopData(ctx.core, ctx.shop.domain);
    const set = checked as EmulatorMetafield[];
    for (const m of set) data.metafields.set(`${m.ownerId}|${m.namespace}|${m.key}`, m);
    return { metafields: set.map(metafieldView), userErrors: [] };
  },

  metafieldDefinitionCreate: (args: { definition: Record<string, unknown> }, ctx: GqlContext) => {
    const d = args.definition;
    const fail = (code: string, field: string, message: string) => ({ createdDefinition: null, userErrors: [{ code, elementIndex: null, field: ['definition', field], message }] });
    const name = String(d.name ?? '').trim();
    if (!name) return fail('BLANK', 'name', "Name can't be blank.");
    if (name.length > 255) return fail('TOO_LONG', 'name', 'Name is too long (maximum is 255 characters).');
    const namespace = d.namespace == null ? `app--${ctx.core.app.apiKey}` : String(d.namespace);
    if (!NAMESPACE_RE.test(namespace)) return fail(namespace.length < 3 ? 'TOO_SHORT' : 'INVALID_CHARACTER', 'namespace', 'Namespace contains invalid characters.');
    const key = String(d.key);
    if (!KEY_RE.test(key)) return fail(key.length < 2 ? 'TOO_SHORT' : 'INVALID_CHARACTER', 'key', 'Key contains invalid characters.');
    const type = String(d.type);
    if (!TYPES[type]) return fail('INCLUSION', 'type', 'Type is not included in the list.');
    const data = shopData(ctx.core, ctx.shop.domain);
    const ownerType = String(d.ownerType);
    if (data.definitions.some((x) => x.ownerType === ownerType && x.namespace === namespace && x.key === key)) {
      return fail('TAKEN', 'key', `Key is in use for ${ownerType.toLowerCase()} metafields on the '${namespace}' namespace.`);
    }
    const definition: EmulatorDefinition = { id: nextId++, name, namespace, key, description: d.description == null ? null : String(d.description), ownerType, type };
    data.definitions.push(definition);
    return {
      createdDefinition: {
        __typename: 'MetafieldDefinition',
        ...definition,
        id: `gid://shopify/MetafieldDefinition/${definition.id}`,
        type: { name: type, category: TYPES[type] },
      },
      userErrors: [],
    };
  },
};
