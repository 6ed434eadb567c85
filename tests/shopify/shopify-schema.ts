// Shopify's published Admin GraphQL schema (tests/fixtures/shopify/admin-schema, see SOURCE.md),
// with the annotations Shopify adds to its introspection: the scopes a type or field requires and
// the protected customer data a field carries.
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

interface Annotated {
  name: string;
  requiredAccess?: string | null;
  isProtected?: boolean;
  protectedContent?: string | null;
}

export interface ShopifySchema {
  version: string;
  schema: GraphQLSchema;
  /** Type name → the scopes text Shopify gives ("`read_orders` access scope, …"). */
  typeAccess: Map<string, string>;
  /** "Type.field" → the scopes text, for fields that need more than their type. */
  fieldAccess: Map<string, string>;
  /** "Type.field" → the protected customer data it carries (email, name, phone, address, …). */
  protectedFields: Map<string, string>;
}

const DIR = new URL('../fixtures/shopify/admin-schema/', import.meta.url);

export function loadShopifySchema(version: string): ShopifySchema {
  const file = new URL(`admin_${version}.json.gz`, DIR);
  if (!existsSync(file)) throw new Error(`No vendored Admin schema for ${version}: run \`npm run shopify:schema ${version}\``);
  const introspection = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as { data: IntrospectionQuery };
  const typeAccess = new Map<string, string>();
  const fieldAccess = new Map<string, string>();
  const protectedFields = new Map<string, string>();
  for (const type of introspection.data.__schema.types as unknown as (Annotated & { fields?: Annotated[] | null })[]) {
    if (type.requiredAccess) typeAccess.set(type.name, type.requiredAccess);
    for (const field of type.fields ?? []) {
      if (field.requiredAccess) fieldAccess.set(`${type.name}.${field.name}`, field.requiredAccess);
      if (field.isProtected) protectedFields.set(`${type.name}.${field.name}`, field.protectedContent ?? 'customer');
    }
  }
  return { version, schema: buildClientSchema(introspection.data), typeAccess, fieldAccess, protectedFields };
}

/**
 * The alternatives of a requiredAccess text, each a list of scopes all needed: "`read_orders` access
 * scope, `read_marketplace_orders` access scope or `read_quick_sale` access scope." → [[read_orders],
 * [read_marketplace_orders], [read_quick_sale]]. Texts naming no scope (staff permissions) give [].
 */
export function scopeAlternatives(requiredAccess: string): string[][] {
  const alternatives = requiredAccess.split(/,\s*|\s+or\s+/).map((part) => [...part.matchAll(/`([a-z_]+)` access scope/g)].map((m) => m[1]!));
  return alternatives.filter((a) => a.length > 0);
}

/** Whether granted scopes satisfy one of the alternatives (write_x implies read_x, as on Shopify). */
export function satisfies(granted: readonly string[], alternatives: string[][]): boolean {
  if (alternatives.length === 0) return true;
  const has = (scope: string) => granted.includes(scope) || (scope.startsWith('read_') && granted.includes(`write_${scope.slice(5)}`));
  return alternatives.some((all) => all.every(has));
}
