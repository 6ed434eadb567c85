import { describe, expect, it } from 'vitest';
import { apiError, mockFetch, rawResponse } from '#web/test/render';
import { malformedResponse } from '../test/contract-check';
import { apiFetch, ApiError, serverMessage } from './api';
import { fetchSession, shopAdminUrl } from './session';
import { getSession } from '#core/api/auth';
import { contractResponse } from '#web/test/endpoints';

// Any path: apiFetch adds nothing to it, and no contract answers it (the mocks answer any request).
const anyPath = '/any/endpoint';

describe('apiFetch', () => {
  it('sends cookies and JSON, and returns the parsed body', async () => {
    // The fetch layer itself, under no endpoint: a plain JSON answer.
    const fetchMock = mockFetch(() => rawResponse({ ok: 1 }));
    await expect(apiFetch(anyPath, { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: 1 });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    const headers = new Headers(init.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('resolves to null for an empty body', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(apiFetch(anyPath)).resolves.toBeNull();
  });

  it("throws ApiError with the server's French message", async () => {
    mockFetch(() => apiError(404, 'Boutique introuvable'));
    const error = await apiFetch(anyPath).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Boutique introuvable', serverMessage: 'Boutique introuvable' });
  });

  it('falls back to a French message when the body has no error, and says the server gave none', async () => {
    mockFetch(() => new Response('<html>oops</html>', { status: 502 }));
    const error = await apiFetch(anyPath).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'Une erreur est survenue', serverMessage: null });
    expect(serverMessage(error)).toBeNull();
  });

  it("keeps the server's words as the server's even when they read like the fallback (state is not read from text)", async () => {
    mockFetch(() => apiError(409, 'Une erreur est survenue'));
    expect(serverMessage(await apiFetch(anyPath).catch((e: unknown) => e))).toBe('Une erreur est survenue');
  });

  it('reports network failures as status 0, without a server sentence', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiFetch(anyPath)).rejects.toMatchObject({ status: 0, serverMessage: null });
  });
});

describe('session helpers', () => {
  it('treats a 401, a null body or a malformed body as signed out', async () => {
    mockFetch(() => apiError(401, 'Non connecté'));
    await expect(fetchSession()).resolves.toBeNull();
    mockFetch(() => contractResponse(getSession, null));
    await expect(fetchSession()).resolves.toBeNull();
    // Deliberately outside the contract: the client must still read it as signed out.
    mockFetch(() => malformedResponse({ user: null }));
    await expect(fetchSession()).resolves.toBeNull();
  });

  it('returns the session when signed in', async () => {
    const session = { user: { id: '1', email: 'a@b.fr', name: 'A' }, session: {} };
    mockFetch(() => contractResponse(getSession, session));
    await expect(fetchSession()).resolves.toEqual(session);
  });

  it('builds the admin URL only from a plausible shop domain', () => {
    expect(shopAdminUrl('x.myshopify.com')).toBe('https://x.myshopify.com/admin');
    expect(shopAdminUrl(null)).toBeNull();
    expect(shopAdminUrl('')).toBeNull();
    expect(shopAdminUrl('evil.com/phish?')).toBeNull();
    expect(shopAdminUrl('javascript:alert(1)')).toBeNull();
  });
});
