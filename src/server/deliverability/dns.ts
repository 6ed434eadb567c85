/**
 * DNS lookups of the deliverability checks ('Vérifier' and the self-test's mailauth), through one
 * injectable function shaped like `dns.promises.resolve(name, rrtype)` (TXT answers string[][]),
 * which is also mailauth's resolver signature. The app's context may carry one (`ctx.dns`: tests
 * point it at a local dns2 server, never the network); otherwise the system's resolvers are asked,
 * with a short timeout and a single try so that a page never hangs on DNS (a host without network
 * gets an answer within about two seconds per name).
 */
import { Resolver } from 'node:dns/promises';
import type { AppContext } from '../context';

export type DnsResolve = (name: string, rrtype: string) => Promise<unknown>;

export function systemDnsResolver(): DnsResolve {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  return (name, rrtype) => resolver.resolve(name, rrtype);
}

const defaults = new WeakMap<object, DnsResolve>();

/** The context's resolver, or one system resolver per context. */
export function dnsOf(ctx: AppContext): DnsResolve {
  if (ctx.dns) return ctx.dns;
  let resolve = defaults.get(ctx);
  if (!resolve) defaults.set(ctx, (resolve = systemDnsResolver()));
  return resolve;
}

/** The TXT records at `name`, each joined from its character-strings. */
export async function lookupTxt(resolve: DnsResolve, name: string): Promise<string[]> {
  const records = (await resolve(name, 'TXT')) as (string[] | string)[];
  return records.map((chunks) => (Array.isArray(chunks) ? chunks.join('') : chunks));
}

/** A lookup that found nothing (no such name, or no TXT at it), as opposed to one that failed. */
export function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ENOTFOUND' || code === 'ENODATA';
}
