/**
 * GET /api/legal: what the legal pages name. The operator comes from the configuration (required in
 * production, a fictional demo publisher elsewhere); the plans are the one price list, read the way
 * GET /api/plans reads it, so the terms can never quote a price the product does not charge.
 */
import { getLegalInformation } from '#core/api/legal';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { cachedPlans } from '../plans/service';

export function legalRoutes(ctx: AppContext) {
  const plans = cachedPlans(ctx);
  const { operator: o } = ctx.config;
  const operator = {
    name: o.name,
    legal_form: o.legalForm,
    share_capital: o.shareCapital,
    address: o.address,
    registration: o.registration,
    vat: o.vat,
    phone: o.phone,
    email: o.email,
    publication_director: o.publicationDirector,
    hosting_provider: o.hostingProvider,
  };
  return [
    route(getLegalInformation, async () => ({
      operator,
      plans: (await plans()).map((p) => ({
        code: p.code,
        name: p.name,
        price_amount: p.price_amount,
        price_currency: p.price_currency,
        email_quota: p.email_quota,
        is_unlimited: p.is_unlimited,
      })),
    })),
  ];
}
