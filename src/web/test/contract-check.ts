/**
 * Web tests answer fetches through the same contracts the server mounts: a mocked answer that does
 * not match its endpoint's response schema (or, for a failure, the `{ error, code }` shape) is
 * reported with console.error, which fails the test (tests/support/fail-on-console-error.ts). A
 * server contract change therefore breaks the screens' tests that relied on the old shape.
 */
import { ENDPOINTS, errorBody, type Endpoint } from '#core/api';

/** A mocked answer carrying this header is deliberately malformed (a test of the client's defences). */
export const OUTSIDE_CONTRACT = 'x-test-outside-contract';

/** A JSON answer the server would never give: for tests of how the client copes with one. */
export function malformedResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', [OUTSIDE_CONTRACT]: '1' } });
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((segment, i) => segment.startsWith(':') || segment === b[i]);
}

export function endpointFor(method: string, path: string): Endpoint | undefined {
  // Exact segments win over parameters (`/share-link` before `/:id`).
  const candidates = ENDPOINTS.filter((e) => e.method === method && matches(e.path, path));
  return candidates.sort((x, y) => x.path.split(':').length - y.path.split(':').length)[0];
}

/** Checks `response` (a mocked answer to `method path`) against the contract; returns it unchanged. */
export async function checkAgainstContract(method: string, path: string, response: Response): Promise<Response> {
  const endpoint = endpointFor(method, path);
  if (!endpoint || response.status === 204 || response.headers.has(OUTSIDE_CONTRACT)) return response;
  const text = await response.clone().text();
  let json: unknown;
  try {
    json = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    console.error(`mocked ${method} ${path} answered a body that is not JSON: ${text.slice(0, 80)}`);
    return response;
  }
  const schema = response.ok ? endpoint.response : errorBody;
  if (!schema) return response;
  const result = schema.safeParse(json);
  if (!result.success) {
    console.error(`mocked ${method} ${path} (${response.status}) does not match its contract: ${result.error.message}`);
  }
  return response;
}
