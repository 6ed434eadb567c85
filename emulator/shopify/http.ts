// Request parsing shared by the routes: JSON or form bodies, and French error pages.
import type { Context } from 'hono';
import { html, page } from './html';

export function isFormRequest(c: Context): boolean {
  const type = c.req.header('Content-Type') ?? '';
  return type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data');
}

/** Turns `customer.firstName` keys into nested objects and drops empty form fields. */
function unflatten(entries: [string, string][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (value === '') continue;
    const parts = key.split('.');
    let target = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof target[part] !== 'object' || target[part] === null) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[parts[parts.length - 1]!] = value;
  }
  return out;
}

/** The body as an object: JSON, or a form (urlencoded or multipart). Invalid JSON gives null. */
export async function readParams(c: Context): Promise<Record<string, unknown> | null> {
  const type = c.req.header('Content-Type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    return unflatten([...new URLSearchParams(await c.req.text()).entries()]);
  }
  if (type.includes('multipart/form-data')) {
    const form = await c.req.formData();
    const entries: [string, string][] = [];
    form.forEach((v, k) => {
      if (typeof v === 'string') entries.push([k, v]);
    });
    return unflatten(entries);
  }
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    if (!type.includes('json')) {
      // Some clients post urlencoded bodies without a content type.
      return unflatten([...new URLSearchParams(text).entries()]);
    }
    return null;
  }
}

export function errorPage(c: Context, status: 400 | 401 | 404 | 409 | 500, title: string, detail: string, homeHref: string): Response {
  return c.html(
    page(
      title,
      html`<section role="alert" aria-labelledby="error-title">
        <h1 id="error-title">${title}</h1>
        <p>${detail}</p>
        <p><a href="${homeHref}">Retour à l'émulateur</a></p>
      </section>`,
      { homeHref },
    ),
    status,
  );
}
