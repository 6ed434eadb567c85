import { describe, expect, it } from 'vitest';
import { getSession } from '#core/api/auth';
import { deleteFlow, listFlows, updateFlow } from '#core/api/flows';
import { cancelRequest, createShareLink } from '#core/api/review-requests';
import { currentStore } from '#core/api/stores';
import { callsTo, mockApi, mockEndpoint, mockSignedInApi, on, sentBodyTo } from './endpoints';
import { apiError, testSession } from './render';

const emptyFlows = { stores: [], store_id: 'st1', flows: [] };

describe('mocking endpoints through their contracts', () => {
  it('answers the contract’s method on its path, as JSON with the success status', async () => {
    mockEndpoint(listFlows, emptyFlows);
    const response = await fetch(listFlows.path);
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual(emptyFlows);
  });

  it('answers 404 to another method on the same path, and to an unknown path', async () => {
    mockEndpoint(listFlows, emptyFlows);
    const post = await fetch(listFlows.path, { method: 'POST', body: '{}' });
    expect(post.status).toBe(404);
    await expect(post.json()).resolves.toMatchObject({ code: 'not_found' });
    expect((await fetch('/nowhere/at/all')).status).toBe(404);
  });

  it('reads path parameters from the contract’s :param segments, and filters on them when asked', async () => {
    const seen: Record<string, string>[] = [];
    mockApi([
      on(updateFlow, ({ params }) => {
        seen.push({ ...params });
        return apiError(404, 'Flux introuvable', 'flow_not_found');
      }),
      on(updateFlow, () => new Response(null, { status: 204 }), { id: 'f2' }),
    ]);
    expect((await fetch(updateFlow.path.replace(':id', 'f%201'), { method: 'PUT', body: '{}' })).status).toBe(404);
    expect((await fetch(updateFlow.path.replace(':id', 'f2'), { method: 'PUT', body: '{}' })).status).toBe(204);
    expect(seen).toEqual([{ id: 'f 1' }]);
  });

  it('routes a literal segment to its own contract before a :param one', async () => {
    const fetchMock = mockApi([on(createShareLink, { request_id: 'q1', token: 'abc', url: 'http://localhost:3000/review/abc' })]);
    expect((await fetch(createShareLink.path, { method: 'POST', body: '{}' })).status).toBe(200);
    expect((await fetch(cancelRequest.path.replace(':id', 'share-link'), { method: 'DELETE' })).status).toBe(404);
    expect(callsTo(fetchMock, createShareLink)).toHaveLength(1);
    expect(callsTo(fetchMock, cancelRequest, { id: 'share-link' })).toHaveLength(1);
  });

  it('lets a later route override an earlier one, and gives the answer the query and the body', async () => {
    const seen: unknown[] = [];
    const fetchMock = mockSignedInApi([
      on(currentStore, { store: null, away: null }),
      on(deleteFlow, ({ query, body }) => {
        seen.push(query.get('q'), body);
        return { ok: true };
      }),
    ]);
    await expect((await fetch(currentStore.path)).json()).resolves.toEqual({ store: null, away: null });
    await expect((await fetch(getSession.path)).json()).resolves.toEqual(testSession);
    await fetch(deleteFlow.path.replace(':id', 'f1') + '?q=1', { method: 'DELETE', body: JSON.stringify({ a: 1 }) });
    expect(seen).toEqual(['1', { a: 1 }]);
    expect(callsTo(fetchMock, deleteFlow, { id: 'f1' })).toHaveLength(1);
    expect(callsTo(fetchMock, deleteFlow, { id: 'f2' })).toHaveLength(0);
    expect(sentBodyTo(fetchMock, deleteFlow)).toEqual({ a: 1 });
  });
});

/**
 * Every web test file's and test helper's text, by path relative to src/web (Vite's glob, read at transform time, this file left out: the
 * web project may not import Node's file system).
 */
const webTests = Object.entries(import.meta.glob<string>(['/src/web/**/*.test.{ts,tsx}', '/src/web/test/**/*.{ts,tsx}'], { query: '?raw', import: 'default', eager: true })).map(
  ([path, text]) => ({
    file: path.replace(/^\/src\/web\//, ''),
    text,
  }),
);

describe('web tests name endpoints by their contracts', () => {
  it('sees the web test files', () => {
    expect(webTests.map(({ file }) => file)).toContain('routes/app/dashboard.test.tsx');
    expect(webTests.length).toBeGreaterThan(40);
  });

  it('no web test writes an API path in a string literal (mock and assert through src/web/test/endpoints.ts)', () => {
    // Any quote or backtick opening a string that starts with an API path.
    const literal = /['"`]\/(api|functions\/v1)\//;
    const offenders = webTests.flatMap(({ file, text }) => text.split('\n').flatMap((line, i) => (literal.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])));
    expect(offenders).toEqual([]);
  });
});
