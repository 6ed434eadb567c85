import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { PublicLayout } from '#web/components/layout/PublicLayout';
import { CloseWindowActions } from '#web/components/shopify/CloseWindowActions';
import { ErrorAlert } from '#web/components/ui/Alert';
import { Spinner } from '#web/components/ui/Spinner';
import { textLinkClass } from '#web/components/ui/TextField';
import { messages } from '#web/i18n';
import { shopifyAuthPath } from '#web/api/shopify';
import { checkShopParam } from '#web/lib/shopify';

/**
 * /shopify/entry?shop&hmac&host&timestamp: where Shopify sends a merchant installing the app.
 * The shop is checked (the server's rule: a valid *.myshopify.com domain), then the browser goes to
 * the backend shopify-auth function with the query exactly as Shopify signed it: the HMAC covers
 * every original parameter, so nothing is rewritten (not even the shop).
 */
export default function ShopifyEntryScreen() {
  const t = messages.shopifyEntry;
  const { search } = useLocation();
  const check = checkShopParam(new URLSearchParams(search).get('shop'));
  const target = check.ok ? `${shopifyAuthPath}${search}` : null;
  const redirected = useRef(false);

  useEffect(() => {
    // Once only (React's development double effects would load the page twice).
    if (!target || redirected.current) return;
    redirected.current = true;
    window.location.replace(target);
  }, [target]);

  return (
    <PublicLayout title={t.title} width="md">
      {target ? (
        <>
          <Spinner label={t.redirecting} className="justify-start" />
          <p className="mt-4 text-sm text-slate-600">
            {t.redirectingHint}{' '}
            <a href={target} className={textLinkClass}>
              {t.continueLink}
            </a>
          </p>
        </>
      ) : (
        <>
          <ErrorAlert>{!check.ok && check.error === 'missing' ? t.missingShop : t.invalidShop}</ErrorAlert>
          <CloseWindowActions className="mt-6" />
        </>
      )}
    </PublicLayout>
  );
}
