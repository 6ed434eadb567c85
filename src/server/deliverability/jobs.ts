/** The jobs of deliverability. Registered in src/server/job-registry.ts. */
import { defineJob, tickPayload } from '../jobs/define';
import { recheckVerifiedDomains } from './service';

/** Re-checks the DNS records of verified sending domains (service.ts, recheckVerifiedDomains). */
export const recheckSenderDomainsJob = defineJob({
  name: 'recheck-sender-domains',
  payload: tickPayload,
  maxAttempts: 3,
  async run(_payload, ctx) {
    const { checked, unverified } = await recheckVerifiedDomains(ctx);
    if (checked) ctx.log.child('deliverability').info('sending domains re-checked', { checked, unverified });
  },
});
