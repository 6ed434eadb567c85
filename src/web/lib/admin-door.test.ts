import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToShopify } from './admin-door';

const CONFIRMATION = 'https://maison-lumiere.myshopify.com/admin/charges/12/confirm';

describe("the way to Shopify's confirmation page", () => {
  afterEach(() => {
    document.head.querySelector('meta[name="shopify-api-key"]')?.remove();
    vi.restoreAllMocks();
  });

  it('is the window itself on the standalone site', () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    goToShopify(CONFIRMATION);
    expect(assign).toHaveBeenCalledWith(CONFIRMATION);
    expect(open).not.toHaveBeenCalled();
  });

  it("is the admin's top window inside the Shopify admin, whose frame Shopify's pages refuse (issue 47)", () => {
    const meta = document.createElement('meta');
    meta.name = 'shopify-api-key';
    meta.content = 'client-id';
    document.head.append(meta);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    goToShopify(CONFIRMATION);
    expect(open).toHaveBeenCalledWith(CONFIRMATION, '_top');
    expect(assign).not.toHaveBeenCalled();
  });
});
