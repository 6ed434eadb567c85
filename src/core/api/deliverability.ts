/**
 * Deliverability (settings, 'Délivrabilité'; decision 017): mail from the merchant's own domain,
 * DKIM-signed with a key pair the app makes for it; the DNS records to publish (DKIM, SPF, DMARC),
 * checked through DNS by 'Vérifier'; and a self-test that sends one e-mail through the real transport
 * and verifies what arrived. Until the domain verifies, mail goes from the app's address with
 * Reply-To the merchant's.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { isoDateTime } from './wire';

/** 'Vérifier' and the self-test a store may run per hour (each makes DNS lookups or sends mail). */
export const DELIVERABILITY_CHECKS_PER_HOUR = 30;

export const DELIVERABILITY_ERRORS = {
  /** 'Vérifier' without a sender address. */
  sender_domain_not_set: 409,
  /** The self-test's e-mail could not be sent or read back. */
  self_test_failed: 502,
} as const satisfies Record<string, number>;

export const DNS_RECORD_KINDS = ['dkim', 'spf', 'dmarc'] as const;
export type DnsRecordKind = (typeof DNS_RECORD_KINDS)[number];

/** What the last 'Vérifier' found for a record: not checked yet, as expected, absent, or present but not as expected. */
export const DNS_RECORD_STATUSES = ['unchecked', 'ok', 'missing', 'wrong'] as const;

export const dnsRecord = z.object({
  kind: z.enum(DNS_RECORD_KINDS),
  type: z.literal('TXT'),
  /** The full DNS name, e.g. `rv1._domainkey.boutique.fr`. */
  name: z.string(),
  /** The value to publish (SPF: the whole record, with the relay's include). */
  value: z.string(),
  status: z.enum(DNS_RECORD_STATUSES),
  /** What was found when it is not right (the TXT seen, or why the lookup failed), in French. */
  detail: z.string().nullable(),
});
export type DnsRecord = z.infer<typeof dnsRecord>;

export const deliverabilityState = z.object({
  /** The app's own sender address: mail goes from it until the store's domain verifies. */
  app_from_address: z.string(),
  /** The store's own sending domain, or null when none is set. */
  sender: z
    .object({
      from_address: z.string(),
      domain: z.string(),
      selector: z.string(),
      /** Set once every record checked right: mail then goes from `from_address`, signed. */
      verified_at: isoDateTime.nullable(),
      last_checked_at: isoDateTime.nullable(),
      records: z.array(dnsRecord),
    })
    .nullable(),
  /** Where customers' answers go today (Reply-To), or null when mail goes from the store's own address. */
  reply_to: z.string().nullable(),
});
export type DeliverabilityState = z.infer<typeof deliverabilityState>;

/**
 * Mailbox providers' own domains: their users cannot publish DKIM, SPF or DMARC records there, and
 * their DMARC policies (p=reject at Gmail, Yahoo, Outlook) make mail we sent "from" them bounce.
 * Exact domains, and providers' brands under any country suffix (outlook.fr, yahoo.co.uk).
 */
export const FREE_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'orange.fr',
  'wanadoo.fr',
  'free.fr',
  'sfr.fr',
  'neuf.fr',
  'laposte.net',
  'bbox.fr',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'web.de',
  'yandex.ru',
  'mail.ru',
] as const;
const FREE_MAIL_BRANDS = new Set(['outlook', 'hotmail', 'live', 'msn', 'yahoo', 'ymail', 'gmx']);

/** True for a mailbox provider's domain (see FREE_MAIL_DOMAINS), where a merchant cannot publish DNS records. */
export function isFreeMailDomain(domain: string): boolean {
  const d = domain.trim().toLowerCase().replace(/\.$/, '');
  if ((FREE_MAIL_DOMAINS as readonly string[]).includes(d)) return true;
  const [brand, ...suffix] = d.split('.');
  // The brand then a country or generic suffix only (yahoo.fr, outlook.com, gmx.co.uk), not a company's
  // own sub-domain such as live.boutique.fr.
  return FREE_MAIL_BRANDS.has(brand ?? '') && suffix.length >= 1 && suffix.length <= 2 && suffix.every((label) => label.length <= 3);
}

export const senderInput = z.object({
  from_address: z
    .string({ message: 'L’adresse d’expédition est requise' })
    .trim()
    .min(1, 'L’adresse d’expédition est requise')
    .max(254, 'L’adresse e-mail ne peut pas dépasser 254 caractères')
    .pipe(z.email('L’adresse d’expédition n’est pas valide'))
    .transform((v) => v.toLowerCase())
    .refine((v) => !isFreeMailDomain(v.slice(v.lastIndexOf('@') + 1)), {
      message:
        'Utilisez une adresse de votre propre nom de domaine (par exemple contact@votre-boutique.fr)\u202f: les adresses Gmail, Outlook, Yahoo, Orange, Free et autres messageries gratuites ne permettent pas de publier les enregistrements DNS nécessaires.',
    }),
});
export type SenderInput = z.output<typeof senderInput>;

export const SELF_TEST_CHECKS = ['dkim_valid', 'alignment', 'one_click_unsubscribe', 'text_part', 'html_size'] as const;
export type SelfTestCheckId = (typeof SELF_TEST_CHECKS)[number];

export const selfTestResult = z.object({
  /** The mailbox the app controls that received the test. */
  sent_to: z.string(),
  /** From address the e-mail carried. */
  from_address: z.string(),
  checks: z.array(z.object({ id: z.enum(SELF_TEST_CHECKS), passed: z.boolean(), detail: z.string() })),
  passed: z.boolean(),
});
export type SelfTestResult = z.infer<typeof selfTestResult>;

export const readDeliverability = endpoint({
  method: 'GET',
  path: '/api/settings/deliverability',
  access: 'store',
  summary: "the store's sending address, its DNS records and their last check",
  response: deliverabilityState,
  errors: [],
});

export const saveSenderAddress = endpoint({
  method: 'PUT',
  path: '/api/settings/deliverability',
  access: 'store',
  summary: "sets the store's sending address; a new domain gets a new DKIM key pair and must verify again",
  body: senderInput,
  response: deliverabilityState,
  errors: [],
});

export const removeSenderAddress = endpoint({
  method: 'DELETE',
  path: '/api/settings/deliverability',
  access: 'store',
  summary: "forgets the store's sending address and key: mail goes from the app's address again",
  response: deliverabilityState,
  errors: [],
});

export const verifySenderDomain = endpoint({
  method: 'POST',
  path: '/api/settings/deliverability/verify',
  access: 'store',
  summary: 'looks the DKIM, SPF and DMARC records up in DNS; the domain verifies when all three are right',
  response: deliverabilityState,
  errors: ['sender_domain_not_set', 'rate_limited'],
});

export const runSelfTest = endpoint({
  method: 'POST',
  path: '/api/settings/deliverability/self-test',
  access: 'store',
  summary: "sends one e-mail as the store's customers get it to a mailbox the app controls and checks what arrived",
  response: selfTestResult,
  errors: ['self_test_failed', 'rate_limited', 'template_queue_full'],
});
