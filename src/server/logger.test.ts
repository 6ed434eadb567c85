import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger';

/** A Drizzle query error's message, as it reaches a log line when code copies `error.message`. */
const failedQuery = 'Failed query: insert into "shopify_orders" ("customer_email", "customer_name") values ($1, $2)\nparams: lea.dubois@exemple.test,Léa Dubois';

afterEach(() => vi.restoreAllMocks());

describe('the logger', () => {
  it('never writes a failed query’s parameters (customer data), in a field or in the message', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const log = createLogger('info').child('billing');
    log.warn('billing re-read failed', { storeId: 's1', error: failedQuery, nested: { cause: failedQuery } });
    log.error(failedQuery);
    const text = written.join('');
    expect(text).not.toContain('lea.dubois@exemple.test');
    expect(text).not.toContain('Léa Dubois');
    expect(text).toContain('Failed query: insert into');
    expect(text).toContain('"storeId":"s1"');
  });
});
