// The price list's features: a plan still as an earlier seed wrote it takes the seed's words
// (« e-mail », « modèle »: decision 050); one an operator edited keeps the operator's.
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { TestContext } from '#tests/support/test-context';
import { PLAN_SEED, seedPlans } from './plans';
import * as s from './schema';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

const featuresOf = async (ctx: TestContext, code: string) =>
  (await ctx.db.select({ features: s.subscriptionPlans.features }).from(s.subscriptionPlans).where(eq(s.subscriptionPlans.code, code)))[0]?.features;

describe('seeding the plans', () => {
  it('rewrites the features an earlier seed wrote, and leaves edited ones', async ({ ctx }) => {
    await ctx.db
      .update(s.subscriptionPlans)
      .set({ features: ['300 emails/mois', 'Templates professionnels', 'Support par email', 'Intégration Shopify', 'Pages de marque personnalisées'] })
      .where(eq(s.subscriptionPlans.code, 'starter'));
    await ctx.db
      .update(s.subscriptionPlans)
      .set({ features: ['Offre sur mesure'] })
      .where(eq(s.subscriptionPlans.code, 'pro'));

    await seedPlans(ctx.db);

    expect(await featuresOf(ctx, 'starter')).toEqual(['300 e-mails/mois', 'Modèles professionnels', 'Support par e-mail', 'Intégration Shopify', 'Pages de marque personnalisées']);
    expect(await featuresOf(ctx, 'pro')).toEqual(['Offre sur mesure']);
    expect(await featuresOf(ctx, 'enterprise')).toEqual([...PLAN_SEED[2].features]);
  });
});
