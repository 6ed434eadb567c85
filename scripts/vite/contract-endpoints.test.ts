import { readdirSync, readFileSync } from 'node:fs';
import { parseAst, transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { withoutSchemas } from './contract-endpoints';

const light = (code: string) => withoutSchemas(code, parseAst(code) as never);

describe('a contract without its schemas (the browser build’s)', () => {
  it('keeps the endpoints’ method and path, constants and plain functions, and drops schemas, what only they read, and zod', () => {
    const { code, exports } = light(`
      import { z } from 'zod';
      import { endpoint } from './endpoint';
      import { isoDateTime, uuid } from './wire';
      import { LIMITS } from '../limits';
      export const PERIODS = ['7days', '30days'];
      const text = (max) => z.string().max(max);
      export const item = z.object({ id: uuid, at: isoDateTime, name: text(LIMITS.name) });
      export const list = z.array(item);
      export function label(period) { return PERIODS.includes(period) ? period : '7days'; }
      export function parseItem(value) { return item.parse(value); }
      export const listItems = endpoint({ method: 'GET', path: '/api/items', access: 'store', query: z.object({ page: z.number() }), response: list, errors: [] });
      export const ENDPOINTS = [listItems];
    `);
    expect(code).not.toMatch(/zod|\bz\.|wire|limits|response|query:/);
    expect(code).toContain("path: '/api/items'");
    expect([...exports].sort()).toEqual(['ENDPOINTS', 'PERIODS', 'label', 'listItems']);
  });

  it('serves every endpoint of every contract module, with no zod left', async () => {
    const dir = 'src/core/api';
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const module = (await import(`../../${dir}/${file}`)) as Record<string, unknown>;
      const endpoints = Object.entries(module).filter(([, value]) => typeof value === 'object' && value !== null && 'method' in value && 'path' in value);
      const { code } = await transformWithOxc(readFileSync(`${dir}/${file}`, 'utf8'), file, { lang: 'ts' });
      const stripped = light(code);
      expect(stripped.code, file).not.toMatch(/from ["']zod["']/);
      expect(
        endpoints.map(([name]) => name).filter((name) => !stripped.exports.has(name)),
        file,
      ).toEqual([]);
    }
  });
});
