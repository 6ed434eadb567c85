// The frame check a browser makes before it shows a framed document (CSP Level 3, `frame-ancestors`),
// as the local admin makes it on the app's answer before framing it (decision 053). Stricter than a
// browser on one point: a document without the directive is refused too, since every embedded
// document of the app must name its framers.

export type FrameVerdict = { allowed: true } | { allowed: false; reason: 'missing' | 'none' | 'not_listed' };

/** The `frame-ancestors` source lists of each policy in the header value(s) (several headers, or policies joined by commas). */
export function frameAncestorsLists(csp: string | readonly string[] | null | undefined): string[][] {
  const headers = csp === null || csp === undefined ? [] : typeof csp === 'string' ? [csp] : csp;
  const lists: string[][] = [];
  for (const policy of headers.flatMap((h) => h.split(','))) {
    // The first occurrence of a directive in a policy counts; later ones are ignored, as browsers do.
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/[\t\n\f\r ]+/);
      if (name?.toLowerCase() !== 'frame-ancestors') continue;
      lists.push(sources.filter(Boolean));
      break;
    }
  }
  return lists;
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };

/** One source expression against the framing origin (`self` being the framed document's origin). */
export function sourceMatches(source: string, ancestor: URL, self: URL): boolean {
  const expression = source.toLowerCase();
  if (expression === "'self'") return ancestor.origin === self.origin;
  if (expression.startsWith("'")) return false; // 'none' alone, or a keyword frame-ancestors ignores
  if (expression === '*') return ancestor.protocol === 'http:' || ancestor.protocol === 'https:';
  // scheme-source: `https:`
  if (/^[a-z][a-z0-9+.-]*:$/.test(expression)) return schemeMatches(expression, ancestor.protocol);
  // host-source: [scheme://]host[:port][/path]
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d+|\*))?(?:\/.*)?$/.exec(expression);
  if (!match) return false;
  const [, scheme, host, port] = match as unknown as [string, string | undefined, string, string | undefined];
  if (scheme !== undefined ? !schemeMatches(`${scheme}:`, ancestor.protocol) : !schemeMatches(self.protocol, ancestor.protocol)) return false;
  const ancestorHost = ancestor.hostname.toLowerCase();
  if (host === '*') {
    // a bare `*` host is handled above; `scheme://*` matches any host of that scheme
  } else if (host.startsWith('*.')) {
    if (!ancestorHost.endsWith(host.slice(1))) return false;
  } else if (ancestorHost !== host) return false;
  if (port === '*') return true;
  // A port given must be the framer's (its default one when the URL names none); none given: the default one.
  if (port !== undefined) return (ancestor.port || DEFAULT_PORTS[ancestor.protocol]) === port;
  return ancestor.port === '';
}

/** CSP's scheme matching: the same scheme, or an upgrade (http → https, ws → wss). */
function schemeMatches(sourceScheme: string, ancestorScheme: string): boolean {
  if (sourceScheme === ancestorScheme) return true;
  return (sourceScheme === 'http:' && ancestorScheme === 'https:') || (sourceScheme === 'ws:' && ancestorScheme === 'wss:');
}

/**
 * Whether a document answered with these `Content-Security-Policy` header values may be framed by
 * `adminOrigin`. Every policy with the directive must allow it (all enforced policies apply); with
 * no policy naming frame-ancestors, the answer is refused (`missing`).
 */
export function frameAncestorsAllow(csp: string | readonly string[] | null | undefined, adminOrigin: string, documentUrl: string): FrameVerdict {
  const lists = frameAncestorsLists(csp);
  if (lists.length === 0) return { allowed: false, reason: 'missing' };
  const ancestor = new URL(adminOrigin);
  const self = new URL(documentUrl);
  for (const sources of lists) {
    if (sources.length === 0 || sources.some((s) => s.toLowerCase() === "'none'")) return { allowed: false, reason: 'none' };
    if (!sources.some((s) => sourceMatches(s, ancestor, self))) return { allowed: false, reason: 'not_listed' };
  }
  return { allowed: true };
}
