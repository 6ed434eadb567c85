/**
 * GET on this machine with the URL's host in `Host`: browsers resolve `*.localhost` to the machine,
 * Node does not, and its fetch sets `Host` itself. For reading the local Shopify's storefronts, each
 * on an origin of its own (`{name}.myshopify.localhost`, decision 043), from a test or the bench.
 */
import { request } from 'node:http';

export function getOnThisMachine(url: string): Promise<{ status: number; body: string }> {
  const { port, pathname, search, host } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: `${pathname}${search}`, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error) => reject(new Error(`${host}: ${error.message}`)));
    req.end();
  });
}
