import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, MessageCircle, Store, Unplug } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { queryKeys } from '#web/api/keys';
import { useDisconnectStore, useReconnectStore } from '#web/api/shopify';
import { DisconnectDialog } from '#web/components/shopify/DisconnectDialog';
import { DisconnectOutcome, UninstallSteps, type DisconnectResult } from '#web/components/shopify/DisconnectOutcome';
import { ErrorAlert, SuccessAlert, WarningNote } from '#web/components/ui/Alert';
import { buttonClass } from '#web/components/ui/button';
import { QueryState } from '#web/components/ui/QueryState';
import { textLinkClass } from '#web/components/ui/TextField';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { formatDate } from '#web/lib/format';
import { usePageHeader } from '#web/lib/page-header';
import { shopAdminUrl, useAccountStores, type AwayStore, type CurrentStore } from '#web/lib/session';
import { noticeDurationMs } from '#web/lib/use-transient-message';

const t = messages.integrations;

interface Notice {
  kind: 'success' | 'error';
  text: string;
}

type QueryErrorCode = keyof typeof t.query.errors;

/**
 * The notice for `?shopify=success|error&message&shop` (docs/product/errors.md, 'Integrations query
 * errors'). The server's OAuth redirects carry a code in `message`, each with its text here; any
 * other message gets the generic one: a link's text is never shown as the app's own words.
 */
function shopifyQueryNotice(params: URLSearchParams): Notice | null {
  const status = params.get('shopify');
  if (status === 'success') {
    return { kind: 'success', text: t.query.success(params.get('shop') ?? '') };
  }
  if (status !== 'error') return null;
  const message = (params.get('message') ?? '').trim();
  if (Object.prototype.hasOwnProperty.call(t.query.errors, message)) return { kind: 'error', text: t.query.errors[message as QueryErrorCode] };
  return { kind: 'error', text: t.query.fallback };
}

/** A page notice that hides itself after 5 s. */
function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((next: Notice) => {
    clearTimeout(timer.current);
    setNotice(next);
    timer.current = setTimeout(() => setNotice(null), noticeDurationMs);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { notice, show };
}

/**
 * /app/integrations: the Shopify store card (or the empty state) and the WhatsApp card (coming
 * soon). Reachable with a session and no subscription. Reads the OAuth callback's
 * `?shopify=success|error&message&shop`, shows it for 5 s and removes it from the URL. What a
 * disconnection did (here and on Shopify) stays above the cards once the store is gone.
 */
export default function IntegrationsScreen() {
  usePageHeader(t.title, t.subtitle);
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const { notice, show } = useNotice();
  const [disconnected, setDisconnected] = useState<DisconnectResult | null>(null);
  // Once the store list shows the store away and still billed, its card carries the way to stop the
  // billing: the outcome above it then tells only what happened, so the path is not shown twice.
  const stores = useAccountStores();
  const cardShowsUninstall = !stores.data?.store?.is_active && stillBilled(stores.data?.away ?? null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const fromQuery = shopifyQueryNotice(searchParams);
    if (!searchParams.has('shopify')) return;
    if (fromQuery) show(fromQuery);
    // A new connection: re-read the store.
    if (fromQuery?.kind === 'success') void queryClient.invalidateQueries({ queryKey: queryKeys.currentStore });
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const key of ['shopify', 'message', 'shop']) next.delete(key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [searchParams, setSearchParams, show, queryClient]);

  // The card the focus was in may be gone: bring the reader to the outcome.
  const focusOutcome = useCallback(() => {
    requestAnimationFrame(() => {
      if (!noticeRef.current?.contains(document.activeElement)) noticeRef.current?.focus();
    });
  }, []);
  const onDisconnected = useCallback(
    (result: DisconnectResult) => {
      setDisconnected(result);
      focusOutcome();
    },
    [focusOutcome],
  );
  const onDisconnectFailed = useCallback(() => {
    show({ kind: 'error', text: t.disconnectFailed });
    focusOutcome();
  }, [show, focusOutcome]);

  return (
    <div className="space-y-6">
      <div ref={noticeRef} tabIndex={-1} className="space-y-4 outline-none empty:hidden">
        {disconnected && <DisconnectOutcome result={disconnected} withUninstallSteps={!cardShowsUninstall} />}
        {notice?.kind === 'success' && (
          <SuccessAlert>
            <span>{notice.text}</span>
          </SuccessAlert>
        )}
        {notice?.kind === 'error' && (
          <ErrorAlert>
            <span>{notice.text}</span>
          </ErrorAlert>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <ShopifyCard onDisconnected={onDisconnected} onDisconnectFailed={onDisconnectFailed} />
        <WhatsAppCard />
      </div>
    </div>
  );
}

function Card({ icon, title, badge, description, children }: { icon: ReactNode; title: string; badge?: ReactNode; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {badge}
          </div>
          <p className="mt-0.5 text-sm text-slate-600">{description}</p>
        </div>
      </div>
      <div className="mt-6 flex flex-1 flex-col">{children}</div>
    </section>
  );
}

function Badge({ tone, children }: { tone: 'green' | 'amber' | 'slate'; children: ReactNode }) {
  const tones = {
    green: 'bg-green-100 text-green-800',
    amber: 'bg-amber-100 text-amber-900',
    slate: 'bg-slate-100 text-slate-700',
  } as const;
  return <span className={cx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}

/** One line of a store card's facts. */
function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-1 font-medium break-all text-slate-900">{children}</dd>
    </div>
  );
}

interface DisconnectCallbacks {
  onDisconnected: (result: DisconnectResult) => void;
  onDisconnectFailed: () => void;
}

function ShopifyCard(callbacks: DisconnectCallbacks) {
  const stores = useAccountStores();
  const connected = stores.data?.store?.is_active ? stores.data.store : null;
  const away = connected ? null : (stores.data?.away ?? null);

  return (
    <Card
      icon={<Store className="size-5" />}
      title={t.shopify.heading}
      badge={connected ? <Badge tone="green">{t.shopify.connected}</Badge> : away ? <Badge tone="amber">{t.away.badge[away.reason]}</Badge> : undefined}
      description={t.shopify.description}
    >
      <QueryState query={stores} loadingLabel={t.loading} errorMessage={t.loadError} className="justify-start py-4">
        {({ store, away }) => (store?.is_active ? <ConnectedStore store={store} {...callbacks} /> : away ? <AwayStoreDetails away={away} /> : <NoStore />)}
      </QueryState>
    </Card>
  );
}

/**
 * The store the account last had, while none is connected (decision 045): when it left, whether
 * Shopify still bills the app (disconnected here while installed there), how to reconnect, how to stop
 * the billing, and the reviews, which stay readable and exportable.
 */
/** Disconnected here while the app stays installed with its subscription: Shopify still bills it. */
function stillBilled(away: AwayStore | null): boolean {
  return away?.reason === 'disconnected' && away.subscription_status === 'active';
}

function AwayStoreDetails({ away }: { away: AwayStore }) {
  const reconnectErrorId = useId();
  const reconnect = useReconnectStore();
  const billed = stillBilled(away);
  const adminUrl = shopAdminUrl(away.shop_domain, away.admin_url);

  return (
    <div className="flex flex-1 flex-col">
      <h3 className="font-semibold text-slate-900">{t.away.heading}</h3>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <Fact label={t.shopify.domain}>{away.shop_domain}</Fact>
        <Fact label={t.away.since[away.reason]}>
          <time dateTime={away.since}>{formatDate(away.since)}</time>
        </Fact>
        {billed && away.billing_period_end && (
          <Fact label={t.away.billedUntil} wide>
            <time dateTime={away.billing_period_end}>{formatDate(away.billing_period_end)}</time>
          </Fact>
        )}
      </dl>

      {billed ? (
        <WarningNote className="mt-6">
          <p>{t.away.billed(away.plan_name)}</p>
          <div className="mt-2 space-y-1">
            <UninstallSteps intro={t.outcome.keptStepsInShopify} adminUrl={adminUrl} />
          </div>
        </WarningNote>
      ) : (
        <p className="mt-6 text-sm text-slate-700">{away.reason === 'uninstalled' ? t.away.uninstalled : t.away.installedNotBilled}</p>
      )}

      <p className="mt-4 text-sm text-slate-700">
        {t.away.reviews}{' '}
        <Link to="/app/feedback" className={textLinkClass}>
          {t.away.reviewsLink}
        </Link>
      </p>

      <div className="mt-6 border-t border-slate-100 pt-6">
        <p className="text-sm text-slate-600">{t.away.reconnectHint}</p>
        <button
          type="button"
          onClick={() => reconnect.mutate(away.shop_domain)}
          disabled={reconnect.isPending}
          aria-describedby={reconnect.isError ? reconnectErrorId : undefined}
          className={cx(buttonClass('primary'), 'mt-3')}
        >
          {reconnect.isPending ? t.away.reconnecting : t.away.reconnect}
        </button>
        {reconnect.isError && (
          <p id={reconnectErrorId} role="alert" className="mt-2 text-sm text-red-700">
            {t.away.reconnectFailed}
          </p>
        )}
      </div>
    </div>
  );
}

function ConnectedStore({ store, onDisconnected, onDisconnectFailed }: { store: CurrentStore } & DisconnectCallbacks) {
  const [confirming, setConfirming] = useState(false);
  const adminUrl = shopAdminUrl(store.shop_domain, store.admin_url);
  const active = store.subscription_status === 'active';

  const disconnect = useDisconnectStore({
    onSuccess: (shopify) => {
      setConfirming(false);
      onDisconnected({ shop: store.shop_domain, adminUrl, shopify });
    },
    onError: () => {
      setConfirming(false);
      onDisconnectFailed();
    },
  });

  return (
    <>
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <Fact label={t.shopify.domain}>{store.shop_domain}</Fact>
        <Fact label={t.shopify.shopName}>{store.shop_name || t.shopify.unknown}</Fact>
        <Fact label={t.shopify.installedAt}>{store.installed_at ? <time dateTime={store.installed_at}>{formatDate(store.installed_at)}</time> : t.shopify.unknown}</Fact>
        <div>
          <dt className="text-slate-600">{t.shopify.subscription}</dt>
          <dd className="mt-1">
            <Badge tone={active ? 'green' : 'amber'}>{active ? t.shopify.subscriptionActive : t.shopify.subscriptionInactive}</Badge>
          </dd>
        </div>
      </dl>

      {!active && (
        <WarningNote className="mt-6">
          <p>{t.inactive.body}</p>
          <Link to="/subscription" className={cx(textLinkClass, 'mt-1 inline-block text-amber-950')}>
            {t.inactive.link}
          </Link>
        </WarningNote>
      )}

      <div className="mt-6 flex flex-wrap gap-3 border-t border-slate-100 pt-6">
        {adminUrl && (
          <a href={adminUrl} target="_blank" rel="noopener" className={buttonClass('secondary')}>
            <ExternalLink aria-hidden="true" className="size-4" />
            {t.shopify.goToShopify} <span className="sr-only">{t.shopify.newTab}</span>
          </a>
        )}
        <button type="button" onClick={() => setConfirming(true)} className={buttonClass('secondary')}>
          <Unplug aria-hidden="true" className="size-4" />
          {t.shopify.disconnect}
        </button>
      </div>

      {confirming && (
        <DisconnectDialog shop={store.shop_domain} busy={disconnect.isPending} onConfirm={(choice) => disconnect.mutate(choice)} onCancel={() => setConfirming(false)} />
      )}
    </>
  );
}

function NoStore() {
  const [explained, setExplained] = useState(false);
  const noticeId = useId();
  return (
    <div className="flex flex-1 flex-col">
      <h3 className="font-semibold text-slate-900">{t.empty.heading}</h3>
      <p className="mt-1 text-sm text-slate-600">{t.empty.body}</p>
      <div className="mt-4">
        <button type="button" onClick={() => setExplained(true)} aria-describedby={explained ? noticeId : undefined} className={buttonClass('primary')}>
          {t.empty.connect}
        </button>
      </div>
      <div role="status" id={noticeId} className="mt-4">
        {explained && <p className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">{t.empty.connectNotice}</p>}
      </div>
      <p className="mt-auto pt-6 text-sm text-slate-600">
        {t.empty.devNote}{' '}
        <Link to="/shopify/test-onboarding" className={textLinkClass}>
          {t.empty.devLink}
        </Link>
      </p>
    </div>
  );
}

function WhatsAppCard() {
  const labelId = useId();
  const helpId = useId();
  return (
    <Card icon={<MessageCircle className="size-5" />} title={t.whatsapp.heading} badge={<Badge tone="amber">{t.whatsapp.badge}</Badge>} description={t.whatsapp.description}>
      <div className="flex items-center justify-between gap-4 rounded-xl bg-slate-50 px-4 py-3">
        <span id={labelId} className="text-sm font-medium text-slate-800">
          {t.whatsapp.toggle}
        </span>
        {/* aria-disabled rather than disabled: it stays focusable, so its explanation can be read. */}
        <button
          type="button"
          role="switch"
          aria-checked="false"
          aria-disabled="true"
          aria-labelledby={labelId}
          aria-describedby={helpId}
          onClick={(event) => event.preventDefault()}
          className="relative inline-flex h-6 w-11 shrink-0 cursor-not-allowed items-center rounded-full border border-slate-400 bg-slate-200"
        >
          <span aria-hidden="true" className="ml-0.5 size-5 rounded-full bg-white shadow-sm" />
        </button>
      </div>
      <p id={helpId} className="mt-2 text-sm text-slate-600">
        {t.whatsapp.toggleHelp}
      </p>
    </Card>
  );
}
