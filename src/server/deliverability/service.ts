/**
 * The store's own sending domain (settings, 'Délivrabilité'; decision 017): the address, its DKIM
 * key pair (the private key sealed like shop tokens), the records to publish and 'Vérifier'. Mail
 * goes from the address, signed, only once every record checked right (email/sender-identity.ts);
 * a later check that finds a record broken takes the verification back.
 */
import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { storeEmailConfig, storeSenderDomains } from '#db/schema';
import { DELIVERABILITY_CHECKS_PER_HOUR, DNS_RECORD_KINDS, DNS_RECORD_STATUSES, type DeliverabilityState, type SenderInput } from '#core/api/deliverability';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { seal } from '../security/encryption';
import { hitRateLimit } from '../security/rate-limit';
import type { TenantStore } from '../stores/tenancy';
import { dnsOf } from './dns';
import { checkDomain, expectedRecords, type DomainCheck, type RecordCheck } from './records';

type SenderRow = typeof storeSenderDomains.$inferSelect;

const generateRsaKeyPair = promisify(generateKeyPair);

/** A new RSA 2048 key pair (RFC 8301: at least 1024, 2048 recommended and what every DNS host takes). */
export async function newDkimKey(encryptionKey: Buffer): Promise<{ sealedPrivateKey: string; publicKey: string }> {
  // Generated off the event loop (an RSA key takes long to find): the server keeps answering meanwhile.
  const { privateKey, publicKey } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { sealedPrivateKey: seal(encryptionKey, privateKey), publicKey: publicKey.toString('base64') };
}

/** `avis` + year and month + 6 hex digits: each key its own selector, so a new key never breaks mail signed with the old one in transit. */
export function newSelector(now = new Date()): string {
  return `avis${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}${randomBytes(3).toString('hex')}`;
}

/** The bare address of `"Name" <address>` or of an address. */
export function addressOf(mailbox: string): string {
  return (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/** The rate limit 'Vérifier' and the self-test share: each makes DNS lookups, the self-test sends mail too. */
export async function takeCheck(ctx: AppContext, storeId: string): Promise<void> {
  const limit = await hitRateLimit(ctx.db, `deliverability:${storeId}`, { max: DELIVERABILITY_CHECKS_PER_HOUR, windowSeconds: 3600 });
  if (!limit.allowed) throw new DomainError('rate_limited', { retryAfterSeconds: limit.retryAfterSeconds });
}

function storedCheck(lastCheck: SenderRow['lastCheck']): Partial<DomainCheck> {
  const out: Partial<DomainCheck> = {};
  for (const kind of DNS_RECORD_KINDS) {
    const entry = lastCheck?.[kind] as Partial<RecordCheck> | undefined;
    if (entry && (DNS_RECORD_STATUSES as readonly string[]).includes(entry.status ?? '') && entry.status !== undefined) {
      out[kind] = { status: entry.status, detail: typeof entry.detail === 'string' ? entry.detail : null };
    }
  }
  return out;
}

function stateOf(ctx: AppContext, row: SenderRow | undefined, ownerAddress: string | null): DeliverabilityState {
  const verified = Boolean(row?.verifiedAt);
  const checked = storedCheck(row?.lastCheck ?? null);
  return {
    app_from_address: addressOf(ctx.config.mail.from),
    sender: row
      ? {
          from_address: row.fromAddress,
          domain: row.domain,
          selector: row.selector,
          verified_at: row.verifiedAt?.toISOString() ?? null,
          last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
          records: expectedRecords(
            { fromAddress: row.fromAddress, domain: row.domain, selector: row.selector, publicKey: row.dkimPublicKey },
            ctx.config.deliverability.spfInclude,
          ).map((record) => ({ ...record, type: 'TXT' as const, status: checked[record.kind]?.status ?? 'unchecked', detail: checked[record.kind]?.detail ?? null })),
        }
      : null,
    // As email/sender-identity.ts decides: the store's address once verified, else Reply-To it (or the owner's).
    reply_to: verified ? null : (row?.fromAddress ?? ownerAddress),
  };
}

async function senderRow(ctx: AppContext, storeId: string): Promise<SenderRow | undefined> {
  const [row] = await ctx.db.select().from(storeSenderDomains).where(eq(storeSenderDomains.shopId, storeId));
  return row;
}

export async function readDeliverability(ctx: AppContext, store: TenantStore): Promise<DeliverabilityState> {
  const [row, [config]] = await Promise.all([
    senderRow(ctx, store.id),
    ctx.db.select({ owner: storeEmailConfig.ownerNotificationEmail }).from(storeEmailConfig).where(eq(storeEmailConfig.shopId, store.id)),
  ]);
  return stateOf(ctx, row, config?.owner ?? null);
}

/**
 * Sets the sending address. A new domain gets a new key pair and selector and must verify again; the
 * same domain with another local part keeps its key and its verification (the DNS records are the
 * domain's). One transaction, the store's row locked: two saves never leave a key of one domain
 * under the other's name.
 */
export async function saveSenderAddress(ctx: AppContext, store: TenantStore, input: SenderInput): Promise<DeliverabilityState> {
  const address = input.from_address;
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const before = await senderRow(ctx, store.id);
  // Made before the transaction when a new key is needed, so no lock waits on the key's generation.
  let fresh = before?.domain === domain ? null : await newDkimKey(ctx.config.encryptionKey);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(storeSenderDomains).where(eq(storeSenderDomains.shopId, store.id)).for('update');
    const now = new Date();
    if (current?.domain === domain) {
      await tx.update(storeSenderDomains).set({ fromAddress: address, updatedAt: now }).where(eq(storeSenderDomains.shopId, store.id));
      return;
    }
    fresh ??= await newDkimKey(ctx.config.encryptionKey);
    const values = {
      fromAddress: address,
      domain,
      selector: newSelector(now),
      dkimPrivateKey: fresh.sealedPrivateKey,
      dkimPublicKey: fresh.publicKey,
      verifiedAt: null,
      lastCheckedAt: null,
      lastCheck: null,
      updatedAt: now,
    };
    await tx
      .insert(storeSenderDomains)
      .values({ shopId: store.id, ...values })
      .onConflictDoUpdate({ target: storeSenderDomains.shopId, set: values });
  });
  return readDeliverability(ctx, store);
}

/** Forgets the address and its key: mail goes from the app's address again at once. */
export async function removeSenderAddress(ctx: AppContext, store: TenantStore): Promise<DeliverabilityState> {
  await ctx.db.delete(storeSenderDomains).where(eq(storeSenderDomains.shopId, store.id));
  return readDeliverability(ctx, store);
}

/**
 * 'Vérifier': looks the three records up and stores what was found. All right: verified (since the
 * first time, kept while they stay right); any not right: not verified, so mail falls back to the
 * app's address rather than go out signed for a domain whose DNS no longer vouches for it.
 */
export async function verifySenderDomain(ctx: AppContext, store: TenantStore): Promise<DeliverabilityState> {
  const row = await senderRow(ctx, store.id);
  if (!row) throw new DomainError('sender_domain_not_set');
  await takeCheck(ctx, store.id);
  await checkAndRecord(ctx, row);
  return readDeliverability(ctx, store);
}

/** Verified domains are checked again after this long: DNS changes without telling us. */
export const RECHECK_AFTER_HOURS = 20;

/**
 * The periodic re-check (job `recheck-sender-domains`): every verified domain whose last check is
 * older than RECHECK_AFTER_HOURS is looked up again, oldest first, at most `limit` per run. A record
 * removed or changed since takes the verification back, so mail falls back to the app's address
 * instead of going out signed with a key the domain no longer publishes (DMARC would then fail).
 * Returns how many were checked and how many lost their verification.
 */
export async function recheckVerifiedDomains(ctx: AppContext, limit = 200): Promise<{ checked: number; unverified: number }> {
  const rows = await ctx.db
    .select()
    .from(storeSenderDomains)
    .where(
      and(
        sql`${storeSenderDomains.verifiedAt} IS NOT NULL`,
        sql`(${storeSenderDomains.lastCheckedAt} IS NULL OR ${storeSenderDomains.lastCheckedAt} < now() - make_interval(hours => ${RECHECK_AFTER_HOURS}))`,
      ),
    )
    .orderBy(sql`${storeSenderDomains.lastCheckedAt} NULLS FIRST`)
    .limit(limit);
  let unverified = 0;
  for (const row of rows) if (!(await checkAndRecord(ctx, row))) unverified += 1;
  return { checked: rows.length, unverified };
}

/** Looks the three records of `row` up and stores what was found; true when all are right. */
async function checkAndRecord(ctx: AppContext, row: SenderRow): Promise<boolean> {
  const check = await checkDomain(
    dnsOf(ctx),
    { fromAddress: row.fromAddress, domain: row.domain, selector: row.selector, publicKey: row.dkimPublicKey },
    ctx.config.deliverability.spfInclude,
  );
  const allRight = DNS_RECORD_KINDS.every((kind) => check[kind].status === 'ok');
  await ctx.db
    .update(storeSenderDomains)
    .set({
      lastCheck: check,
      lastCheckedAt: sql`now()`,
      verifiedAt: allRight ? sql`coalesce(${storeSenderDomains.verifiedAt}, now())` : null,
    })
    // Only the key that was checked: an address saved on another domain meanwhile is left alone.
    .where(and(eq(storeSenderDomains.shopId, row.shopId), eq(storeSenderDomains.domain, row.domain), eq(storeSenderDomains.selector, row.selector)));
  return allRight;
}
