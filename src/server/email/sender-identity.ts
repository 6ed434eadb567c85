/**
 * Who an e-mail of a store is from. A store whose own domain verified (settings, 'Délivrabilité')
 * sends from its address, DKIM-signed for its domain; any other store sends from the app's address
 * (MAIL_FROM, which the app's own SPF and DKIM cover) with Reply-To the merchant, so that answers
 * still reach them. The display name is the template's sender name or the store's name either way.
 */
import { unseal } from '../security/encryption';
import type { DkimSigning } from '../email/mailer';

/** The sender-domain columns a send reads with the store (store_sender_domains). */
export interface SenderDomainRow {
  from_address: string | null;
  domain: string | null;
  selector: string | null;
  dkim_private_key: string | null;
  verified: boolean | null;
}

export interface SenderIdentity {
  from: string;
  replyTo: string | undefined;
  dkim: DkimSigning | undefined;
}

/** `"Display name" <address>`: the name loses what could break the header or pose as an address. */
export function fromHeader(mailFrom: string, displayName: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const name = displayName.replace(/["\\\r\n<>]/g, '').trim();
  return name ? `"${name}" <${address}>` : address;
}

export function senderIdentity(
  appMailFrom: string,
  encryptionKey: Buffer,
  displayName: string,
  domain: SenderDomainRow | null,
  /** Where answers go when the store's own address does not send yet (the owner notification address). */
  fallbackReplyTo: string | null,
): SenderIdentity {
  if (domain?.verified && domain.from_address && domain.domain && domain.selector && domain.dkim_private_key) {
    return {
      from: fromHeader(domain.from_address, displayName),
      replyTo: undefined,
      dkim: { domainName: domain.domain, keySelector: domain.selector, privateKey: unseal(encryptionKey, domain.dkim_private_key) },
    };
  }
  return { from: fromHeader(appMailFrom, displayName), replyTo: domain?.from_address ?? fallbackReplyTo ?? undefined, dkim: undefined };
}
