/**
 * The three plans, seeded into `subscription_plans`: the one source of truth for every price shown
 * (landing, plan selection, /app/plans, billing). Prices are the landing page's (docs/product/limits.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { subscriptionPlans } from './schema';

export const PLAN_SEED = [
  {
    code: 'starter',
    name: 'Starter',
    priceAmount: '47.00',
    emailQuota: 300,
    isUnlimited: false,
    sortOrder: 1,
    features: ['300 e-mails/mois', 'Modèles professionnels', 'Support par e-mail', 'Intégration Shopify', 'Pages de marque personnalisées'],
  },
  {
    code: 'pro',
    name: 'Pro',
    priceAmount: '77.00',
    emailQuota: 3000,
    isUnlimited: false,
    sortOrder: 2,
    features: ['3\u202f000 e-mails/mois', 'Tout le plan Starter', 'Support prioritaire', 'Analyses avancées'],
  },
  {
    code: 'enterprise',
    name: 'Entreprise',
    priceAmount: '107.00',
    emailQuota: null,
    isUnlimited: true,
    sortOrder: 3,
    features: ['E-mails illimités', 'Support premium', 'Gestionnaire de compte dédié', 'Intégrations prioritaires', 'Accès API complet'],
  },
] as const;

/**
 * The features earlier seeds wrote, by plan: rewritten to the seed's when a row still has them
 * word for word (« e-mail », « modèle »: decision 050); features an operator edited stay.
 */
const EARLIER_FEATURES: Record<(typeof PLAN_SEED)[number]['code'], readonly string[]> = {
  starter: ['300 emails/mois', 'Templates professionnels', 'Support par email', 'Intégration Shopify', 'Pages de marque personnalisées'],
  pro: ['3 000 emails/mois', 'Tout le plan Starter', 'Support prioritaire', 'Analyses avancées'],
  enterprise: ['Emails illimités', 'Support premium', 'Gestionnaire de compte dédié', 'Intégrations prioritaires', 'Accès API complet'],
};

/** Inserts the plans that are missing; never overwrites prices an operator has edited. */
export async function seedPlans(db: Queryable): Promise<void> {
  await db
    .insert(subscriptionPlans)
    .values(PLAN_SEED.map((p) => ({ ...p, features: [...p.features], priceCurrency: 'USD', isActive: true })))
    .onConflictDoNothing({ target: subscriptionPlans.code });
  for (const plan of PLAN_SEED) {
    await db
      .update(subscriptionPlans)
      .set({ features: [...plan.features] })
      .where(and(eq(subscriptionPlans.code, plan.code), sql`${subscriptionPlans.features} = ${JSON.stringify(EARLIER_FEATURES[plan.code])}::jsonb`));
  }
}
