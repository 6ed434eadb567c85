// Every table and column of the schema is classified by what it holds of a person (personal-data.ts):
// a new one the map does not name fails here, so nobody adds personal data that erasure misses.
import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '#db/schema';
import { PERSONAL_DATA } from './personal-data';

/** Table → its columns, as the database names them, from Drizzle's definitions. */
const tables = new Map(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const config = getTableConfig(table);
      return [config.name, config.columns.map((c) => c.name)] as const;
    }),
);

describe('the personal data map', () => {
  it('reads the schema (a sanity check on the reading itself)', () => {
    expect(tables.get('shopify_reviews')).toContain('customer_email');
    expect(tables.size).toBeGreaterThan(30);
  });

  it('classifies every table and every column of the schema', () => {
    const missing: string[] = [];
    for (const [table, columns] of tables) {
      if (!PERSONAL_DATA[table]) {
        missing.push(`${table} (every column)`);
        continue;
      }
      for (const column of columns) if (!PERSONAL_DATA[table][column]) missing.push(`${table}.${column}`);
    }
    expect(missing, 'classify these in src/server/privacy/personal-data.ts (and erase them in compliance.ts if they hold a customer)').toEqual([]);
  });

  it('names nothing the schema does not have', () => {
    const stale: string[] = [];
    for (const [table, columns] of Object.entries(PERSONAL_DATA)) {
      const real = tables.get(table);
      if (!real) stale.push(`${table} (no such table)`);
      else for (const column of Object.keys(columns)) if (!real.includes(column)) stale.push(`${table}.${column}`);
    }
    expect(stale).toEqual([]);
  });

  it('gives every classification a reason, and keeps facts only on rows whose identity is erased', () => {
    for (const [table, columns] of Object.entries(PERSONAL_DATA)) {
      for (const [column, { reason }] of Object.entries(columns)) expect(reason.trim().length, `${table}.${column}`).toBeGreaterThan(8);
      const kinds = new Set(Object.values(columns).map((c) => c.kind));
      if (kinds.has('kept')) expect(kinds.has('erased'), `${table} keeps facts: which of its columns is the identity erased?`).toBe(true);
    }
  });

  it("erases the customer's identity where the customer is: orders, requests, reviews, suppressions, exports, e-mail copies", () => {
    const erased = Object.entries(PERSONAL_DATA).flatMap(([table, columns]) =>
      Object.entries(columns)
        .filter(([, c]) => c.kind === 'erased')
        .map(([column]) => `${table}.${column}`),
    );
    expect(erased).toEqual(
      expect.arrayContaining([
        'shopify_orders.customer_email',
        'shopify_orders.customer_name',
        'shopify_review_requests.customer_email',
        'shopify_review_requests.customer_name',
        'shopify_reviews.customer_email',
        'shopify_reviews.customer_name',
        'shopify_reviews.comment',
        'email_suppressions.email',
        'compliance_exports.data',
        'email_outbox.to_address',
      ]),
    );
  });
});
