// Server-rendered pages: an escaping tagged template and a French page layout (no external assets).

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** Escapes every interpolated value unless it is SafeHtml (or an array of them). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f1f1f1;line-height:1.5}
header.top{background:#1a1a1a;color:#fff;padding:.75rem 1.5rem}
header.top a{color:#fff}
main{max-width:72rem;margin:0 auto;padding:1.5rem}
section,.card{background:#fff;border-radius:.75rem;padding:1.25rem 1.5rem;margin:0 0 1.25rem;box-shadow:0 1px 2px rgba(0,0,0,.12)}
h1{font-size:1.6rem;margin:.25rem 0 1rem}
h2{font-size:1.2rem;margin:0 0 .75rem}
h3{font-size:1rem;margin:1rem 0 .5rem}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e3e3e3;vertical-align:top}
th{font-weight:600;background:#fafafa}
label{display:block;font-weight:600;margin:.5rem 0 .2rem}
input,select{font:inherit;padding:.4rem .5rem;border:1px solid #8a8a8a;border-radius:.4rem;min-width:14rem}
input[type=checkbox]{min-width:0}
.row{display:flex;flex-wrap:wrap;gap:0 1rem;align-items:flex-end}
.inline{display:inline}
button,.button{display:inline-block;font:inherit;font-weight:600;padding:.45rem .9rem;border-radius:.5rem;border:1px solid #1a1a1a;background:#1a1a1a;color:#fff;text-decoration:none;cursor:pointer;margin:.5rem .5rem 0 0}
button.secondary,.button.secondary{background:#fff;color:#1a1a1a}
button.danger{background:#b42318;border-color:#b42318}
button.small{padding:.2rem .55rem;margin:.1rem .25rem .1rem 0;font-size:.9rem}
a{color:#005bd3}
.notice{background:#e6f4ea;border:1px solid #5ea66f;padding:.6rem 1rem;border-radius:.5rem;margin-bottom:1rem}
.error{background:#fdecea;border:1px solid #d9534f;padding:.6rem 1rem;border-radius:.5rem;margin-bottom:1rem}
.badge{display:inline-block;padding:.05rem .5rem;border-radius:1rem;background:#e3e3e3;font-size:.85rem}
.badge.ok{background:#cdfee1}
.badge.warn{background:#ffeb78}
.muted{color:#4a4a4a}
code{background:#f4f4f4;padding:.05rem .3rem;border-radius:.25rem}
`;

export function page(title: string, body: SafeHtml, opts: { homeHref?: string } = {}): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<header class="top">${opts.homeHref ? `<a href="${escapeHtml(opts.homeHref)}">Émulateur Shopify</a>` : 'Émulateur Shopify'}</header>
<main>
${body.value}
</main>
</body>
</html>`;
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export function frDate(iso: string | null): string {
  return iso ? `${dateFormat.format(new Date(iso))} UTC` : '—';
}

export function frMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('fr-FR', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

export const FINANCIAL_LABELS: Record<string, string> = {
  PENDING: 'En attente',
  AUTHORIZED: 'Autorisée',
  PAID: 'Payée',
  PARTIALLY_REFUNDED: 'Partiellement remboursée',
  REFUNDED: 'Remboursée',
  VOIDED: 'Annulée',
};

export const FULFILLMENT_LABELS: Record<string, string> = {
  UNFULFILLED: 'Non traitée',
  FULFILLED: 'Traitée',
};

export const SUBSCRIPTION_LABELS: Record<string, string> = {
  PENDING: 'En attente',
  ACTIVE: 'Actif',
  DECLINED: 'Refusé',
  EXPIRED: 'Expiré',
  FROZEN: 'Gelé',
  CANCELLED: 'Annulé',
};

export const SCOPE_LABELS: Record<string, string> = {
  read_orders: 'Consulter vos commandes des 60 derniers jours',
  write_orders: 'Consulter et modifier vos commandes',
  read_all_orders: 'Consulter toutes vos commandes, sans limite de date',
  read_customers: 'Consulter vos clients',
  write_customers: 'Consulter et modifier vos clients',
  read_products: 'Consulter vos produits',
  write_products: 'Consulter et modifier vos produits',
  write_app_proxy: 'Afficher des pages de l’application sur votre boutique',
};
