import { ExternalLink } from 'lucide-react';
import { messages } from '#web/i18n';
import { shopAdminUrl, useCurrentStore } from '#web/lib/session';
import { buttonClass } from '../ui/button';

/** 'Aller sur Shopify': opens the shop admin in a new tab; disabled until the shop domain is known. */
export function ShopifyAdminButton() {
  const t = messages.layout;
  const { data: store } = useCurrentStore();
  const href = shopAdminUrl(store?.shop_domain, store?.admin_url);
  const label = <span className="sr-only sm:not-sr-only">{t.goToShopify}</span>;
  const icon = <ExternalLink aria-hidden="true" className="size-4" />;

  if (!href) {
    return (
      <button type="button" disabled title={t.goToShopifyUnavailable} className={buttonClass('secondary', 'sm')}>
        {icon}
        {label}
      </button>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener" className={buttonClass('secondary', 'sm')}>
      {icon}
      {label}
      <span className="sr-only">{t.goToShopifyNewTab}</span>
    </a>
  );
}
