/**
 * The three DNS records a store publishes for its sending domain, and how a lookup's answer is
 * judged (decision 017):
 * - DKIM, TXT at `{selector}._domainkey.{domain}`: right when a record there carries our public key (p=);
 * - SPF, TXT at `{domain}`: right when the domain's one `v=spf1` record includes the relay
 *   (two SPF records make every SPF check a permerror, RFC 7208 §4.5, so that is wrong too);
 * - DMARC, TXT at `_dmarc.{domain}`: right when one `v=DMARC1` record with a policy (p=) exists;
 *   any policy counts, the suggested value only starts at p=none with reports to the sender address.
 */
import type { DnsRecordKind } from '#core/api/deliverability';
import { dnsCheckMessages as m } from '../messages/deliverability';
import { isNotFound, lookupTxt, type DnsResolve } from './dns';

export interface RecordCheck {
  status: 'ok' | 'missing' | 'wrong';
  detail: string | null;
}

export type DomainCheck = Record<DnsRecordKind, RecordCheck>;

export interface ExpectedRecord {
  kind: DnsRecordKind;
  name: string;
  value: string;
}

export interface SenderKey {
  fromAddress: string;
  domain: string;
  selector: string;
  /** base64 DER SubjectPublicKeyInfo, as published in p=. */
  publicKey: string;
}

export function expectedRecords(sender: SenderKey, spfInclude: string): ExpectedRecord[] {
  return [
    { kind: 'dkim', name: `${sender.selector}._domainkey.${sender.domain}`, value: `v=DKIM1; k=rsa; p=${sender.publicKey}` },
    { kind: 'spf', name: sender.domain, value: `v=spf1 include:${spfInclude} ~all` },
    { kind: 'dmarc', name: `_dmarc.${sender.domain}`, value: `v=DMARC1; p=none; rua=mailto:${sender.fromAddress}` },
  ];
}

/** What was seen, short enough for a sentence under the record (a DKIM key alone is ~400 characters). */
export function seen(records: string[]): string {
  const text = records.map((r) => `« ${r} »`).join(', ');
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** `k=v; k=v` tags (DKIM, DMARC): names lower-cased, values trimmed; a key's value loses its whitespace. */
function tags(record: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of record.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    out.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return out;
}

export function judgeDkim(records: string[], publicKey: string): RecordCheck {
  const keys = records.map((r) => tags(r).get('p')?.replace(/\s+/g, '') ?? null);
  if (keys.includes(publicKey)) return { status: 'ok', detail: null };
  if (keys.every((k) => !k)) return { status: 'wrong', detail: m.dkimNoKey(seen(records)) };
  return { status: 'wrong', detail: m.dkimOtherKey(seen(records)) };
}

export function judgeSpf(records: string[], include: string): RecordCheck {
  const spf = records.filter((r) => /^v=spf1(\s|$)/i.test(r.trim()));
  if (spf.length === 0) return { status: 'missing', detail: m.spfNone(seen(records)) };
  if (spf.length > 1) return { status: 'wrong', detail: m.spfMultiple(spf.length) };
  const mechanisms = spf[0]!.trim().toLowerCase().split(/\s+/);
  const wanted = include.toLowerCase().replace(/\.$/, '');
  if (mechanisms.some((t) => t.replace(/^\+/, '').replace(/\.$/, '') === `include:${wanted}`)) return { status: 'ok', detail: null };
  return { status: 'wrong', detail: m.spfNoInclude(include, seen(spf)) };
}

export function judgeDmarc(records: string[]): RecordCheck {
  const dmarc = records.filter((r) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(r.trim()));
  if (dmarc.length === 0) return { status: 'missing', detail: m.dmarcNone(seen(records)) };
  if (dmarc.length > 1) return { status: 'wrong', detail: m.dmarcMultiple(dmarc.length) };
  const policy = tags(dmarc[0]!).get('p')?.toLowerCase();
  if (policy === 'none' || policy === 'quarantine' || policy === 'reject') return { status: 'ok', detail: null };
  return { status: 'wrong', detail: m.dmarcNoPolicy(seen(dmarc)) };
}

/** One TXT lookup judged: nothing there is 'missing'; a failed lookup (timeout, SERVFAIL) too, saying so. */
async function check(resolve: DnsResolve, name: string, judge: (records: string[]) => RecordCheck): Promise<RecordCheck> {
  let records: string[];
  try {
    records = await lookupTxt(resolve, name);
  } catch (error) {
    if (isNotFound(error)) return { status: 'missing', detail: m.notFound };
    const code = (error as { code?: string } | null)?.code ?? (error instanceof Error ? error.message : 'erreur inconnue');
    return { status: 'missing', detail: m.lookupFailed(String(code).slice(0, 60)) };
  }
  if (records.length === 0) return { status: 'missing', detail: m.notFound };
  return judge(records);
}

/** Looks the three records up (at once) and judges them. */
export async function checkDomain(resolve: DnsResolve, sender: SenderKey, spfInclude: string): Promise<DomainCheck> {
  const [dkim, spf, dmarc] = await Promise.all([
    check(resolve, `${sender.selector}._domainkey.${sender.domain}`, (r) => judgeDkim(r, sender.publicKey)),
    check(resolve, sender.domain, (r) => judgeSpf(r, spfInclude)),
    check(resolve, `_dmarc.${sender.domain}`, judgeDmarc),
  ]);
  return { dkim, spf, dmarc };
}
