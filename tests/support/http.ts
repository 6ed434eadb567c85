/** Small helpers to talk to an in-process app like a browser would (same origin, cookies kept). */
import type { Hono } from 'hono';

export const ORIGIN = 'http://localhost:3000';

export class Browserish {
  cookies = new Map<string, string>();
  constructor(
    private readonly app: Hono,
    private readonly ip = `10.${rand()}.${rand()}.${rand()}`,
  ) {}

  async request(
    path: string,
    init: { method?: string; json?: unknown; form?: Record<string, string>; file?: { bytes: Uint8Array; type: string }; headers?: Record<string, string> } = {},
  ) {
    if (path.startsWith(ORIGIN)) path = path.slice(ORIGIN.length);
    const headers: Record<string, string> = { origin: ORIGIN, 'x-forwarded-for': this.ip, ...init.headers };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (init.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    // A file upload as the browser's fetch sends one: the raw bytes with the file's type.
    if (init.file !== undefined) headers['content-type'] = init.file.type;
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    const res = await this.app.request(`${ORIGIN}${path}`, {
      method: init.method ?? (init.json !== undefined || init.form !== undefined || init.file !== undefined ? 'POST' : 'GET'),
      headers,
      body:
        init.json !== undefined
          ? JSON.stringify(init.json)
          : init.form !== undefined
            ? new URLSearchParams(init.form).toString()
            : init.file !== undefined
              ? (init.file.bytes as BodyInit)
              : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0/i.test(line) || value.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    return res;
  }

  /** Follows redirects within this origin (the app and its emulator); returns the first URL outside it or not a redirect. */
  async follow(path: string, init: Parameters<Browserish['request']>[1] = {}, max = 10): Promise<{ url: string; response: Response }> {
    let url = path;
    let response = await this.request(url, init);
    for (let i = 0; i < max && response.status >= 300 && response.status < 400; i++) {
      url = new URL(response.headers.get('location')!, ORIGIN).toString();
      if (!url.startsWith(ORIGIN) || !/^\/(functions|_shopify|api)\//.test(new URL(url).pathname)) return { url, response };
      response = await this.request(url);
    }
    return { url: new URL(url, ORIGIN).toString(), response };
  }

  async json<T = Record<string, unknown>>(path: string, init: Parameters<Browserish['request']>[1] = {}) {
    const res = await this.request(path, init);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
  }
}

function rand() {
  return Math.floor(Math.random() * 250) + 1;
}

export function uniqueEmail(prefix = 'marchand'): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@exemple.test`;
}

/** A new merchant account signed in through the real auth routes. */
export async function signedInMerchant(app: Hono) {
  const browser = new Browserish(app);
  const signed = await browser.json<{ user: { id: string } }>('/api/auth/sign-up/email', { json: { name: 'M', email: uniqueEmail(), password: 'Lumiere-des-Avis-2025' } });
  if (signed.status !== 200) throw new Error(`sign-up failed: ${signed.status}`);
  return { browser, userId: signed.body.user.id };
}
