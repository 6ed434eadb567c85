import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { PublicLayout } from '../../components/layout/PublicLayout';
import { CloseWindowActions } from '../../components/shopify/CloseWindowActions';
import { ErrorAlert } from '../../components/ui/Alert';
import { Spinner } from '../../components/ui/Spinner';
import { textLinkClass } from '../../components/ui/TextField';
import { messages } from '../../i18n';
import { checkShopParam, shopifyAuthPath } from '../../lib/shopify';

type EntryState = { kind: 'checking' } | { kind: 'redirecting'; target: string } | { kind: 'error'; message: string };

/**
 * /shopify/entry?shop&hmac&host&timestamp: where Shopify sends a merchant installing the app.
 * The shop is checked (normalised, must contain .myshopify.com), then the browser goes to the
 * backend shopify-auth function with the query exactly as Shopify signed it: the HMAC covers every
 * original parameter, so nothing is rewritten (not even the shop).
 */
export default function ShopifyEntryScreen() {
  const t = messages.shopifyEntry;
  const { search } = useLocation();
  const [state, setState] = useState<EntryState>({ kind: 'checking' });
  const redirected = useRef(false);

  useEffect(() => {
    const check = checkShopParam(new URLSearchParams(search).get('shop'));
    if (!check.ok) {
      setState({ kind: 'error', message: check.error === 'missing' ? t.missingShop : t.invalidShop });
      return;
    }
    const target = `${shopifyAuthPath}${search}`;
    setState({ kind: 'redirecting', target });
    // Once only (React's development double effects would load the page twice).
    if (redirected.current) return;
    redirected.current = true;
    window.location.replace(target);
  }, [search, t]);

  return (
    <PublicLayout title={t.title} width="md">
      {state.kind === 'checking' && <Spinner label={t.checking} className="justify-start" />}
      {state.kind === 'redirecting' && (
        <>
          <Spinner label={t.redirecting} className="justify-start" />
          <p className="mt-4 text-sm text-slate-600">
            {t.redirectingHint}{' '}
            <a href={state.target} className={textLinkClass}>
              {t.continueLink}
            </a>
          </p>
        </>
      )}
      {state.kind === 'error' && (
        <>
          <ErrorAlert>{state.message}</ErrorAlert>
          <CloseWindowActions className="mt-6" />
        </>
      )}
    </PublicLayout>
  );
}
