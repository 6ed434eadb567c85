// Every GraphQL document the app sends, checked against the Admin schema Shopify publishes (not the
// emulator's): valid for the configured API version and the previous stable one, nothing deprecated,
// every selected type and field allowed by the configured scopes, and no protected customer field
// beyond what the app asks Shopify for (PROTECTED_CUSTOMER_FIELDS).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { NoDeprecatedCustomRule, TypeInfo, getNamedType, parse, specifiedRules, validate, visit, visitWithTypeInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PROTECTED_CUSTOMER_FIELDS } from '#core/api/shopify';
import { loadConfig } from '#server/config';
import { ADMIN_DOCUMENTS } from '#server/shopify/admin-documents';
import { loadShopifySchema, satisfies, scopeAlternatives, type ShopifySchema } from './shopify-schema';

const config = loadConfig({});
const scopes = config.shopify.scopes.split(',').map((s) => s.trim());
/**
 * The configured version (the latest stable by default, src/server/shopify/api-versions.ts), and
 * 2026-10, the release candidate the app moves to next: its documents must already be valid there.
 */
const VERSIONS = [...new Set([config.shopify.apiVersion, '2026-10'])];
const schemas = VERSIONS.map(loadShopifySchema);

/** Shopify's protectedContent values, by the field category the app asks for. */
const CATEGORY: Record<string, string> = { email: 'email', name: 'name', phone: 'phone', address: 'address' };

interface Selection {
  coordinate: string;
  type: string;
}

function selections(shopify: ShopifySchema, document: string): Selection[] {
  const info = new TypeInfo(shopify.schema);
  const found: Selection[] = [];
  visit(
    parse(document),
    visitWithTypeInfo(info, {
      Field(node) {
        const parent = info.getParentType();
        const type = info.getType();
        if (parent && type) found.push({ coordinate: `${parent.name}.${node.name.value}`, type: getNamedType(type).name });
      },
    }),
  );
  return found;
}

describe.each(schemas)("the app's GraphQL documents against Shopify's Admin schema $version", (shopify) => {
  it.each(Object.entries(ADMIN_DOCUMENTS))('%s is valid and uses nothing deprecated', (_name, document) => {
    const errors = validate(shopify.schema, parse(document), [...specifiedRules, NoDeprecatedCustomRule]);
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  it.each(Object.entries(ADMIN_DOCUMENTS))('%s needs no scope beyond the configured ones', (_name, document) => {
    const missing: string[] = [];
    for (const { coordinate, type } of selections(shopify, document)) {
      for (const [what, access] of [
        [`${coordinate} (type ${type})`, shopify.typeAccess.get(type)],
        [coordinate, shopify.fieldAccess.get(coordinate)],
      ] as const) {
        if (access && !satisfies(scopes, scopeAlternatives(access))) missing.push(`${what} requires ${access}`);
      }
    }
    expect(missing, `configured scopes: ${scopes.join(',')}`).toEqual([]);
  });

  it.each(Object.entries(ADMIN_DOCUMENTS))('%s reads no protected customer field the app does not ask Shopify for', (_name, document) => {
    const allowed = new Set(PROTECTED_CUSTOMER_FIELDS.map((f) => CATEGORY[f]));
    const beyond = selections(shopify, document)
      .filter(({ coordinate }) => shopify.protectedFields.has(coordinate))
      .filter(({ coordinate }) => !allowed.has(shopify.protectedFields.get(coordinate)!))
      .map(({ coordinate }) => `${coordinate} (${shopify.protectedFields.get(coordinate)})`);
    expect(beyond).toEqual([]);
  });
});

describe('the scope check itself', () => {
  const shopify = schemas[0]!;

  it('reads Shopify’s annotations: Customer needs read_customers, Order read_orders, Order.email is protected e-mail', () => {
    expect(scopeAlternatives(shopify.typeAccess.get('Customer')!)).toEqual([['read_customers']]);
    expect(scopeAlternatives(shopify.typeAccess.get('Order')!)).toContainEqual(['read_orders']);
    expect(shopify.protectedFields.get('Order.email')).toBe('email');
    expect(shopify.protectedFields.get('MailingAddress.firstName')).toBe('name');
  });

  it('would refuse the selection the app used to send (Order.customer: read_customers, Customer.email deprecated)', () => {
    const old = `query { orders(first: 1) { nodes { customer { firstName lastName email } } } }`;
    const customerSelected = selections(shopify, old).find((s) => s.type === 'Customer')!;
    expect(satisfies(scopes, scopeAlternatives(shopify.typeAccess.get(customerSelected.type)!))).toBe(false);
    expect(validate(shopify.schema, parse(old), [NoDeprecatedCustomRule]).map((e) => e.message)).toEqual([
      'The field Customer.email is deprecated. Use `defaultEmailAddress.emailAddress` instead.',
    ]);
  });

  it('lets write_x stand for read_x, as Shopify does', () => {
    expect(satisfies(['write_orders'], [['read_orders']])).toBe(true);
    expect(satisfies(['read_products'], [['read_orders'], ['read_marketplace_orders']])).toBe(false);
  });
});

describe('where GraphQL documents live', () => {
  it('every `#graphql` document in src/ is in admin-documents.ts, so the checks above see them all', () => {
    const root = new URL('../../src/', import.meta.url).pathname;
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) files.push(path);
      }
    };
    walk(root);
    // A document opens a template literal with `#graphql`, assigned (`= \``) or typed (`document<…>(\``).
    const documentStart = /[=(]\s*`#graphql/g;
    const elsewhere = files.filter((f) => !f.endsWith('shopify/admin-documents.ts') && new RegExp(documentStart).test(readFileSync(f, 'utf8')));
    expect(elsewhere.map((f) => relative(root, f))).toEqual([]);
    const inRegistry = readFileSync(join(root, 'server/shopify/admin-documents.ts'), 'utf8').match(documentStart)!.length;
    expect(Object.keys(ADMIN_DOCUMENTS)).toHaveLength(inRegistry);
  });
});
