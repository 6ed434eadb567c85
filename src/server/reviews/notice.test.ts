import { describe, expect, it } from 'vitest';
import { collectionNotice, type NoticeFlow } from './notice';

const flow = (over: Partial<NoticeFlow> = {}): NoticeFlow => ({ trigger: 'order_delivered', delayDays: 3, reminderDays: null, minimum: null, ...over });

describe('the collection notice', () => {
  it("states a flow's minimum in the shop's currency, euros before any order told it", () => {
    const text = (f: NoticeFlow) => collectionNotice({ flows: [f], samePath: true, publicSite: true, link: 'order' }).items.join(' ');
    expect(text(flow({ minimum: 50, currency: 'USD' }))).toMatch(/50\s\$\sUS/);
    expect(text(flow({ minimum: 50, currency: 'CAD' }))).toMatch(/50\s\$\sCA/);
    expect(text(flow({ minimum: 50 }))).toMatch(/50\s€/);
    expect(text(flow({ minimum: 50, currency: 'pas-une-devise' }))).toMatch(/50\s€/);
  });

  it('says every rating takes the same path only when it does', () => {
    const same = collectionNotice({ flows: [flow()], samePath: true, publicSite: true, link: 'order' }).items.join(' ');
    const routed = collectionNotice({ flows: [flow()], samePath: false, publicSite: true, link: 'order' }).items.join(' ');
    expect(same).not.toEqual(routed);
    expect(routed).toMatch(/note/);
  });

  it('says a customer is asked once per order when several flows could ask', () => {
    const first = (flows: NoticeFlow[]) => collectionNotice({ flows, samePath: true, publicSite: true, link: 'order' }).items[0]!;
    expect(first([flow({ trigger: 'order_paid', delayDays: 0 }), flow({ delayDays: 2 })])).toBe(
      'Nous invitons par e-mail chaque client qui a passé commande, une seule fois par commande\u202f: dès le paiement ou 2 jours après la livraison, au moment le plus proche de la réception de la commande.',
    );
    expect(first([flow()])).not.toContain('une seule fois');
  });

  it('tells a reviewer without an order whether the storefront shows such reviews, and an order’s reviewer the « Achat vérifié » mark', () => {
    const last = (facts: Parameters<typeof collectionNotice>[0]) => collectionNotice(facts).items.slice(-2).join(' ');
    const base = { flows: [flow()], samePath: true, publicSite: true };
    expect(last({ ...base, link: 'order' })).toContain('«\u202fAchat vérifié\u202f»');
    expect(last({ ...base, link: 'shared', unverifiedShown: false })).toContain('n’est pas affiché sur sa boutique en ligne');
    expect(last({ ...base, link: 'shared', unverifiedShown: true })).toContain('«\u202fAchat non vérifié\u202f»');
    expect(last({ ...base, link: 'no_order', unverifiedShown: false })).toContain('pas rattaché à une commande vérifiée');
  });
});
