/** Shared fixtures of the install-flow tests. */
import type { Plan } from '#core/api/plans';
import type { Installation } from '#core/api/shopify';

export const plansFixture = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    code: 'starter',
    name: 'Starter',
    price_amount: '47.00',
    price_currency: 'USD',
    email_quota: 300,
    is_unlimited: false,
    features: ['300 e-mails/mois', 'Intégration Shopify'],
    sort_order: 1,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    code: 'pro',
    name: 'Pro',
    price_amount: '77.00',
    price_currency: 'USD',
    email_quota: 3000,
    is_unlimited: false,
    features: ['3 000 e-mails/mois', 'Support prioritaire'],
    sort_order: 2,
  },
  {
    id: '00000000-0000-4000-8000-000000000003',
    code: 'enterprise',
    name: 'Entreprise',
    price_amount: '107.00',
    price_currency: 'USD',
    email_quota: null,
    is_unlimited: true,
    features: ['E-mails illimités', 'Accès API complet'],
    sort_order: 3,
  },
] satisfies Plan[];

export const [starterPlan, proPlan, enterprisePlan] = plansFixture as [(typeof plansFixture)[number], (typeof plansFixture)[number], (typeof plansFixture)[number]];

export const installToken = 'tok_123';
export const installShop = 'maison-lumiere.myshopify.com';
/** The path parameters of the installation's endpoints (getInstallation, its plan, its claim). */
export const installation = { token: installToken };

export function installationFixture(selected: (typeof plansFixture)[number] | null = null): Installation {
  return {
    shop_domain: installShop,
    expires_at: '2030-01-01T00:00:00Z',
    selected_plan: selected && {
      id: selected.id,
      code: selected.code,
      name: selected.name,
      price_amount: selected.price_amount,
      price_currency: selected.price_currency,
      email_quota: selected.email_quota,
    },
  };
}

export const tokenMessages = {
  notFound: 'Lien d’installation introuvable',
  used: 'Ce lien d’installation a déjà été utilisé. Veuillez recommencer l’installation.',
  expired: 'Ce lien d’installation a expiré. Veuillez recommencer l’installation depuis Shopify.',
};
