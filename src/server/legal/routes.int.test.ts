import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { getLegalInformation } from '#core/api/legal';
import { subscriptionPlans } from '#db/schema';
import { contextFor, PRODUCTION_OPERATOR_ENV, testConfig } from '#tests/support/test-context';
import { createApp } from '../app';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

const PLACEHOLDER = /\[[^\]]*\]/;

async function legalOf(app: ReturnType<typeof createApp>) {
  const res = await app.request('/api/legal');
  expect(res.status).toBe(200);
  // Anyone may read it: no session, no cookie.
  return getLegalInformation.response.parse(await res.json());
}

describe('GET /api/legal', () => {
  it('answers a plainly fictional publisher and the price list outside production, without a session', async ({ ctx }) => {
    const body = await legalOf(createApp(ctx));
    expect(body.operator).toMatchObject({
      name: 'Avis Clients SAS (démonstration)',
      legal_form: 'Société par actions simplifiée',
      share_capital: '1000',
      email: 'contact@avis.localhost',
      vat: null,
    });
    expect(body.operator.address).toMatch(/fictive/);
    for (const value of Object.values(body.operator)) expect(value ?? '').not.toMatch(PLACEHOLDER);
    // The seeded plans, as GET /api/plans lists them: the one price list.
    expect(body.plans).toEqual([
      { code: 'starter', name: 'Starter', price_amount: '47.00', price_currency: 'USD', email_quota: 300, is_unlimited: false },
      { code: 'pro', name: 'Pro', price_amount: '77.00', price_currency: 'USD', email_quota: 3000, is_unlimited: false },
      { code: 'enterprise', name: 'Entreprise', price_amount: '107.00', price_currency: 'USD', email_quota: null, is_unlimited: true },
    ]);
    const plans = (await (await createApp(ctx).request('/api/plans')).json()) as { plans: { name: string; price_amount: string }[] };
    expect(body.plans.map((p) => [p.name, p.price_amount])).toEqual(plans.plans.map((p) => [p.name, p.price_amount]));
  });

  it('answers the configured publisher in production, and only the plans on sale', async ({ ctx }) => {
    const production = testConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://avis.example',
      AUTH_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      MAIL_TRANSPORT: 'outbox',
      SHOPIFY_API_KEY: 'real-client-id',
      SHOPIFY_API_SECRET: 'real-client-secret',
      ...PRODUCTION_OPERATOR_ENV,
      OPERATOR_VAT: 'FR12345678901',
    });
    await ctx.db.update(subscriptionPlans).set({ isActive: false }).where(eq(subscriptionPlans.code, 'pro'));
    try {
      // A fresh app: the plan list is kept a minute per process.
      const body = await legalOf(createApp(contextFor(ctx.testDb.handle, production)));
      expect(body.operator).toEqual({
        name: 'Avis Clients SAS',
        legal_form: 'Société par actions simplifiée',
        share_capital: '10000',
        address: '12 rue des Lilas, 75011 Paris, France',
        registration: 'RCS Paris 123 456 789',
        vat: 'FR12345678901',
        phone: '+33 1 23 45 67 89',
        email: 'contact@avis.exemple.test',
        publication_director: 'Claire Dupont',
        hosting_provider: 'Hébergeur SAS, 2 rue Kellermann, 59100 Roubaix, France, +33 9 00 00 00 00',
      });
      expect(body.plans.map((p) => p.code)).toEqual(['starter', 'enterprise']);
    } finally {
      await ctx.db.update(subscriptionPlans).set({ isActive: true }).where(eq(subscriptionPlans.code, 'pro'));
    }
  });
});
