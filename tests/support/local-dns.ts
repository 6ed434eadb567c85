/**
 * A DNS server of the test's own on 127.0.0.1 (dns2, UDP), answering TXT from a map the test edits,
 * and a resolver pointed at it: the deliverability tests never ask the network. Names not in the map
 * answer NXDOMAIN; names set to fail answer SERVFAIL; other types than TXT at a known name answer
 * no data. Test-only: nothing under src/ but tests imports it.
 */
import { Resolver } from 'node:dns/promises';
import dns2 from 'dns2';
import type { DnsResolve } from '#server/deliverability/dns';

const { Packet } = dns2;

export interface LocalDns {
  /** Publishes `records` (TXT values, each split into 255-byte character-strings as DNS requires) at `name`, replacing what was there. */
  set(name: string, records: string[]): void;
  remove(name: string): void;
  /** Makes `name` answer SERVFAIL. */
  fail(name: string): void;
  resolve: DnsResolve;
  /** Lookups answered so far, for tests that must prove no lookup went elsewhere. */
  queries: string[];
  close(): Promise<void>;
}

function chunks(value: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i += 255) out.push(value.slice(i, i + 255));
  return out.length ? out : [''];
}

export async function startLocalDns(): Promise<LocalDns> {
  const zone = new Map<string, string[]>();
  const failing = new Set<string>();
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
      queries.push(name);
      if (failing.has(name)) {
        response.header.rcode = 2; // SERVFAIL
      } else if (!zone.has(name)) {
        response.header.rcode = 3; // NXDOMAIN
      } else if (question?.type === Packet.TYPE.TXT) {
        for (const value of zone.get(name)!) {
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: chunks(value) } as never);
        }
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (server.addresses() as { udp: { port: number } }).udp.port;
  const resolver = new Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  return {
    set: (name, records) => void zone.set(name.toLowerCase(), records),
    remove: (name) => void zone.delete(name.toLowerCase()),
    fail: (name) => void failing.add(name.toLowerCase()),
    resolve: (name, rrtype) => resolver.resolve(name, rrtype),
    queries,
    close: () => server.close(),
  };
}
