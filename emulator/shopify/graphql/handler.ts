// POST /store/{shop}/admin/api/{version}/graphql.json
import { GraphQLError, execute, parse, validate, type DocumentNode } from 'graphql';
import type { Context } from 'hono';
import { API_VERSION_RE, BUCKET_MAX, BUCKET_RESTORE_PER_S } from '../areas/shared';
import type { EmulatorCore } from '../core';
import { throttledRequests } from '../faults';
import { requestedCost } from './cost';
import { rootValue, type GqlContext } from './resolvers';
import { schema } from './schema';

export const INVALID_TOKEN_MESSAGE = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const MAX_QUERY_COST = 1000;

interface GraphqlBody {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | null;
}

async function readBody(c: Context): Promise<GraphqlBody | null> {
  const type = c.req.header('Content-Type') ?? '';
  const text = await c.req.text();
  if (type.includes('application/graphql')) return { query: text, variables: {}, operationName: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const p = parsed as Record<string, unknown>;
  if (typeof p.query !== 'string') return null;
  let variables: unknown = p.variables ?? {};
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables);
    } catch {
      return null;
    }
  }
  if (variables === null || typeof variables !== 'object' || Array.isArray(variables)) return null;
  return { query: p.query, variables: variables as Record<string, unknown>, operationName: typeof p.operationName === 'string' ? p.operationName : null };
}

export async function graphqlHandler(core: EmulatorCore, c: Context): Promise<Response> {
  const version = c.req.param('version') ?? '';
  if (!API_VERSION_RE.test(version)) return c.json({ errors: 'Not Found' }, 404);
  const shop = core.findShop(c.req.param('shop') ?? '');
  if (!shop) return c.json({ errors: 'Not Found' }, 404);
  const token = core.authenticate(shop, c.req.header('X-Shopify-Access-Token'));
  if (!token) return c.json({ errors: INVALID_TOKEN_MESSAGE }, 401);
  c.header('X-Shopify-API-Version', version);

  const body = await readBody(c);
  if (!body) return c.json({ errors: { query: 'Required parameter missing or invalid' } }, 400);

  const throttleStatus = () => {
    const b = core.bucket(shop.domain);
    return { maximumAvailable: BUCKET_MAX, currentlyAvailable: Math.floor(b.available), restoreRate: BUCKET_RESTORE_PER_S };
  };
  const costExt = (requested: number, actual: number | null) => ({ cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus() } });

  let document: DocumentNode;
  try {
    document = parse(body.query);
  } catch (err) {
    const e = err as GraphQLError;
    return c.json({ errors: [e.toJSON()], extensions: costExt(0, 0) });
  }
  const validationErrors = validate(schema, document);
  if (validationErrors.length > 0) {
    return c.json({ errors: validationErrors.map((e) => e.toJSON()), extensions: costExt(0, 0) });
  }

  const requested = requestedCost(document, body.operationName, body.variables);
  if (requested > MAX_QUERY_COST) {
    return c.json({
      errors: [
        {
          message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
          extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_QUERY_COST, documentation: 'https://shopify.dev/api/usage/rate-limits' },
        },
      ],
      extensions: costExt(requested, null),
    });
  }
  const throttled = () =>
    c.json({
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
      extensions: costExt(requested, null),
    });
  if (throttledRequests.has(c.req.raw)) return throttled();
  const bucket = core.bucket(shop.domain);
  if (bucket.available < requested) return throttled();

  core.expireStaleCharges();
  const ctx: GqlContext = { core, shop, token, apiVersion: version, nodes: 0, search: [] };
  const result = await execute({
    schema,
    document,
    rootValue,
    contextValue: ctx,
    variableValues: body.variables,
    operationName: body.operationName,
  });
  const op = document.definitions.find((d) => d.kind === 'OperationDefinition');
  const base = op && op.kind === 'OperationDefinition' && op.operation === 'mutation' ? 10 : 1;
  const actual = Math.min(requested, base + ctx.nodes);
  bucket.available = Math.max(0, bucket.available - actual);

  const out: Record<string, unknown> = {};
  if (result.errors) out.errors = result.errors.map((e) => e.toJSON());
  out.data = result.data ?? null;
  out.extensions = { ...costExt(requested, actual), ...(ctx.search.length > 0 ? { search: ctx.search } : {}) };
  return c.json(out);
}
