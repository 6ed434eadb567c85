import { describe, expect, it } from 'vitest';
import { cleanShopInput, normalizeShopDomain } from './shopify-domain';

describe("a shop's domain (Shopify's rule: ^[a-zA-Z0-9][a-zA-Z0-9-]*\\.myshopify\\.com$)", () => {
  it('takes letters, digits and hyphens, whatever the case, tidied', () => {
    expect(normalizeShopDomain('maison-lumiere.myshopify.com')).toBe('maison-lumiere.myshopify.com');
    expect(normalizeShopDomain('Maison-Lumiere-2.MyShopify.com')).toBe('maison-lumiere-2.myshopify.com');
    expect(normalizeShopDomain(' https://7boutique.myshopify.com/ ')).toBe('7boutique.myshopify.com');
    expect(cleanShopInput(' HTTPS://A.myshopify.com// ')).toBe('a.myshopify.com');
  });

  it('refuses an underscore anywhere, and a name that does not start with a letter or digit', () => {
    for (const bad of ['maison_lumiere.myshopify.com', '_maison.myshopify.com', 'maison_.myshopify.com', '-maison.myshopify.com', '.myshopify.com']) {
      expect(normalizeShopDomain(bad), bad).toBeNull();
    }
  });

  it('refuses anything that is not one label under myshopify.com', () => {
    for (const bad of [null, undefined, '', 'maison.com', 'a.b.myshopify.com', 'maison.myshopify.com.evil.com', 'evil.com/.myshopify.com', 'maison lumiere.myshopify.com']) {
      expect(normalizeShopDomain(bad), String(bad)).toBeNull();
    }
  });
});
