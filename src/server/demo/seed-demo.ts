/**
 * Demo data so a newcomer sees a living product: a merchant with a connected demo shop on an active
 * Pro plan, a default flow, rating actions, branding, orders, review requests in every state and
 * reviews. Idempotent: does nothing when the demo merchant already exists.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import * as s from '../../db/schema';
import { hashPassword } from '../auth/password';
import { newPublicToken } from '../security/tokens';
import type { ReviewRequestStatus } from '../../core/domain';

export const DEMO_ACCOUNT = {
  email: 'demo@avis-clients.test',
  password: 'demo-avis-clients',
  name: 'Camille Martin',
  companyName: 'Maison Lumière',
  shopDomain: 'maison-lumiere.myshopify.com',
  shopName: 'Maison Lumière',
} as const;

const FIRST_NAMES = ['Léa', 'Hugo', 'Chloé', 'Louis', 'Inès', 'Gabriel', 'Manon', 'Jules', 'Sarah', 'Arthur', 'Emma', 'Nathan', 'Jade', 'Tom', 'Alice'];
const LAST_NAMES = ['Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefebvre', 'Michel', 'Garcia', 'David'];
const COMMENTS: Record<number, string[]> = {
  5: ['Produit magnifique, livraison rapide. Je recommande !', 'Parfait, exactement comme sur les photos.', 'Service client au top, merci !'],
  4: ['Très bonne qualité, un peu long à arriver.', 'Bel article, emballage soigné.'],
  3: ['Correct, sans plus. La couleur est un peu différente.', ''],
  2: ['Article arrivé abîmé, en attente de réponse du service client.'],
  1: ['Commande incomplète, très déçu.'],
};

export interface DemoSeedResult {
  created: boolean;
  userId: string;
  storeId: string;
}

export async function seedDemo(db: Database, now = new Date()): Promise<DemoSeedResult> {
  const existing = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.email, DEMO_ACCOUNT.email));
  if (existing[0]) {
    const [store] = await db.select({ id: s.shopifyStores.id }).from(s.shopifyStores).where(eq(s.shopifyStores.userId, existing[0].id));
    return { created: false, userId: existing[0].id, storeId: store?.id ?? '' };
  }
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  const day = 86_400_000;

  return db.transaction(async (tx) => {
    const userId = randomUUID();
    await tx.insert(s.user).values({ id: userId, name: DEMO_ACCOUNT.name, email: DEMO_ACCOUNT.email, emailVerified: true, companyName: DEMO_ACCOUNT.companyName });
    await tx.insert(s.account).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash });

    const [store] = await tx
      .insert(s.shopifyStores)
      .values({
        userId,
        shopName: DEMO_ACCOUNT.shopName,
        shopDomain: DEMO_ACCOUNT.shopDomain,
        scope: 'read_orders',
        subscriptionStatus: 'active',
        installedAt: new Date(now.getTime() - 75 * day),
      })
      .returning({ id: s.shopifyStores.id });
    const storeId = store!.id;

    const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    await tx.insert(s.shopPlans).values({ shopDomain: DEMO_ACCOUNT.shopDomain, plan: 'pro', emailsQuota: 3000, periodStart, periodEnd });

    const [flow] = await tx.insert(s.flowConfigurations).values({ shopifyStoreId: storeId, name: 'Nouveau flux' }).returning({ id: s.flowConfigurations.id });
    await tx.insert(s.ratingActions).values([
      { shopifyStoreId: storeId, rating: 5, actionType: 'redirect', redirectUrl: 'https://example.com/avis/maison-lumiere' },
      { shopifyStoreId: storeId, rating: 4, actionType: 'redirect', redirectUrl: 'https://example.com/avis/maison-lumiere' },
      { shopifyStoreId: storeId, rating: 3, actionType: 'collect_feedback', feedbackMessage: 'Dites-nous ce que nous pourrions améliorer.' },
      { shopifyStoreId: storeId, rating: 2, actionType: 'collect_feedback', feedbackMessage: 'Nous sommes désolés. Que s’est-il passé ?', notificationEmail: DEMO_ACCOUNT.email },
      { shopifyStoreId: storeId, rating: 1, actionType: 'notify_email', notificationEmail: DEMO_ACCOUNT.email },
    ]);
    await tx.insert(s.storeBranding).values({ shopifyStoreId: storeId });
    await tx.insert(s.storeCustomization).values({
      shopifyStoreId: storeId,
      pageTitle: 'Votre avis compte pour nous',
      pageDescription: 'Comment s’est passée votre commande chez Maison Lumière ?',
      thankYouMessage: 'Merci pour votre avis !',
    });
    await tx.insert(s.storeEmailConfig).values({ shopifyStoreId: storeId, ownerNotificationEmail: DEMO_ACCOUNT.email });

    // 40 orders over the last 60 days; older ones have been asked and many answered.
    for (let i = 0; i < 40; i++) {
      const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const last = LAST_NAMES[(i * 7) % LAST_NAMES.length]!;
      const name = `${first} ${last}`;
      const email = `${first}.${last}.${i}@exemple.test`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '');
      const createdAt = new Date(now.getTime() - (60 - i * 1.5) * day);
      const fulfilledAt = new Date(createdAt.getTime() + 2 * day);
      const [order] = await tx
        .insert(s.shopifyOrders)
        .values({
          userId,
          shopId: storeId,
          shopifyOrderId: String(5_000_000 + i),
          orderNumber: `#${1001 + i}`,
          customerEmail: email,
          customerName: name,
          totalPrice: (29 + ((i * 37) % 180)).toFixed(2),
          currency: 'EUR',
          financialStatus: 'paid',
          paidAt: createdAt,
          fulfilledAt: fulfilledAt < now ? fulfilledAt : null,
          orderCreatedAt: createdAt,
          orderUpdatedAt: fulfilledAt < now ? fulfilledAt : createdAt,
        })
        .returning({ id: s.shopifyOrders.id });

      const scheduledAt = new Date(fulfilledAt.getTime() + 3 * day);
      const status: ReviewRequestStatus = scheduledAt > now ? 'scheduled' : i % 9 === 4 ? 'failed' : i % 3 === 0 ? 'sent' : 'completed';
      const [request] = await tx
        .insert(s.shopifyReviewRequests)
        .values({
          userId,
          shopId: storeId,
          shopifyOrderId: String(5_000_000 + i),
          orderId: order!.id,
          flowId: flow!.id,
          customerEmail: email,
          customerName: name,
          status,
          scheduledAt,
          token: newPublicToken(),
          channel: 'email',
          attempts: status === 'scheduled' ? 0 : 1,
          lastError: status === 'failed' ? 'Boîte de réception pleine (452)' : null,
          failureKind: status === 'failed' ? 'temporary' : null,
          sentAt: status === 'sent' || status === 'completed' ? scheduledAt : null,
        })
        .returning({ id: s.shopifyReviewRequests.id });

      if (status === 'completed') {
        const rating = [5, 5, 4, 5, 3, 4, 5, 2, 5, 1][i % 10]!;
        const comments = COMMENTS[rating]!;
        const comment = comments[i % comments.length] || null;
        await tx.insert(s.shopifyReviews).values({
          userId,
          shopId: storeId,
          reviewRequestId: request!.id,
          shopifyOrderId: String(5_000_000 + i),
          customerEmail: email,
          customerName: name,
          rating,
          comment,
          isPublished: rating >= 4,
          actionTaken: rating >= 4 ? 'redirect' : rating === 1 ? 'notify_email' : 'collect_feedback',
          createdAt: new Date(scheduledAt.getTime() + 0.5 * day),
        });
      }
    }
    return { created: true, userId, storeId };
  });
}
