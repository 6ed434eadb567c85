// The Admin API types generated from Shopify's schema (codegen.ts, npm run shopify:types) are those of
// today's documents, and each document carries the types of its own operation.
import { readFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ADMIN_DOCUMENTS } from '#server/shopify/admin-documents';
import config, { ADMIN_TYPES_FILE } from './admin-codegen';

const root = new URL('../../', import.meta.url);

describe('the generated Admin API types', () => {
  it(`${ADMIN_TYPES_FILE} is what codegen makes of the documents now (run npm run shopify:types after editing one)`, async () => {
    const [output, ...others] = await generate({ ...config, cwd: root.pathname }, false);
    expect(others).toEqual([]);
    expect(output!.filename).toBe(ADMIN_TYPES_FILE);
    expect(readFileSync(new URL(ADMIN_TYPES_FILE, root), 'utf8')).toBe(output!.content);
  }, 60_000);

  it('each document is declared with the result and variables types of its own operation', () => {
    const source = readFileSync(new URL('src/server/shopify/admin-documents.ts', root), 'utf8');
    const declared = new Map([...source.matchAll(/export const (\w+) = document<(\w+), (\w+)>\(`#graphql/g)].map((m) => [m[1]!, [m[2], m[3]]]));
    for (const [name, text] of Object.entries(ADMIN_DOCUMENTS)) {
      const operation = parse(text).definitions[0] as OperationDefinitionNode;
      const result = `${operation.name!.value}${operation.operation === 'query' ? 'Query' : 'Mutation'}`;
      expect(declared.get(name), name).toEqual([result, `${result}Variables`]);
    }
    expect(declared.size).toBe(Object.keys(ADMIN_DOCUMENTS).length);
  });
});
