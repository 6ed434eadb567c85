/**
 * The browser build carries no contract schema (decision 039), so the two answers the app reads
 * before any form are read by hand: the session and the calendar's `?page=`. Each must read what
 * its contract's schema reads.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getSession } from '#core/api/auth';
import { requestPageQuery } from '#core/api/review-requests';
import { pageFromParams } from '#web/routes/app/schedule';
import { readSession } from './auth';

const schemaSession = (value: unknown) => {
  const parsed = getSession.response.safeParse(value);
  return parsed.success ? parsed.data : null;
};

describe('the session read by hand', () => {
  it('reads what the contract reads: the app’s fields of a session, null for anything else', () => {
    const user = { id: 'u1', email: 'lea@exemple.test', name: 'Léa', image: null, emailVerified: true };
    for (const answer of [
      null,
      { session: { id: 's1', expiresAt: '2026-12-01T00:00:00Z' }, user },
      { session: {}, user: { ...user, companyName: 'Boutique Léa' } },
      { session: {}, user: { ...user, companyName: null } },
      { session: { token: 'leaked' }, user },
      { session: {}, user: { ...user, name: 42 } },
      { session: {}, user: { ...user, companyName: 7 } },
      { user },
      { session: null, user },
      'signed out',
    ]) {
      expect(readSession(answer), JSON.stringify(answer)).toEqual(schemaSession(answer));
    }
  });

  it('agrees with the schema on any shape', () => {
    const field = fc.oneof(fc.string(), fc.constant(null), fc.constant(undefined), fc.integer());
    const answer = fc.record(
      {
        session: fc.oneof(fc.constant(null), fc.record({ token: field }, { requiredKeys: [] })),
        user: fc.record({ id: field, email: field, name: field, companyName: field }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(answer, (value) => {
        expect(readSession(value)).toEqual(schemaSession(value));
      }),
    );
  });
});

describe('the calendar’s page read by hand', () => {
  it('is the page the server reads, and page 1 for what it refuses', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(null), fc.string(), fc.integer().map(String), fc.double().map(String)), (raw) => {
        const params = new URLSearchParams(raw === null ? '' : `page=${encodeURIComponent(raw)}`);
        const parsed = requestPageQuery.safeParse({ page: params.get('page') ?? undefined });
        expect(pageFromParams(params)).toBe(parsed.success ? parsed.data.page : 1);
      }),
    );
  });
});
