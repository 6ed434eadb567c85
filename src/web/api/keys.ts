/**
 * Every TanStack Query key of the app, in one place: one endpoint, one key, so an invalidation
 * reaches every screen that shows it.
 */
export const queryKeys = {
  session: ['auth', 'session'] as const,
  currentStore: ['stores', 'current'] as const,
  /** What happened while the store was away, until the merchant read it. */
  storeAbsence: ['stores', 'current', 'absence'] as const,
  plans: ['plans'] as const,
  /** The store's plan and this period's usage (plans-current): /app/plans, the quota banner, the account tab. */
  currentPlan: ['plans-current'] as const,
  /**
   * The latest shopify-sync-plan answer for a store this page load: made once when the app opens
   * (the app shell), rewritten by 'Synchroniser'; its refused-plan-change notice is read from here.
   */
  billingSync: (storeId: string) => ['shopify-sync-plan', storeId] as const,
  legal: ['legal'] as const,
  shopifyInstallation: (token: string) => ['shopify', 'installation', token] as const,
  /** One key for the diagnostic page and the calendar's panel (always run afresh). */
  shopifyDiagnostic: ['shopify', 'diagnostic'] as const,
  devOutbox: ['dev', 'outbox'] as const,
  devOutboxEmail: (id: string) => ['dev', 'outbox', id] as const,
  flows: ['flows'] as const,
  /** Every page of the calendar (invalidate this prefix after any change). */
  reviewRequests: ['review-requests'] as const,
  reviewRequestPage: (page: number) => ['review-requests', page] as const,
  /** The send planner's forecast: under the calendar's prefix, so every change to the calendar re-reads it. */
  reviewRequestForecast: ['review-requests', 'forecast'] as const,
  /** Counted afresh at each opening of the import dialog. */
  orderCount: (shopId: string) => ['shopify', 'count-orders', shopId] as const,
  ratingActions: ['rating-actions'] as const,
  branding: ['branding'] as const,
  /** The identity and the page's texts in a language (undefined: the store's default, decision 057). */
  brandingTexts: ['branding', 'texts'] as const,
  brandingIn: (language: string | undefined) => ['branding', 'texts', language ?? 'default'] as const,
  /** The review page rendered with unsaved values (`values`: the request body, serialised). */
  brandingPreview: (values: string) => ['branding', 'preview', values] as const,
  /** Every language's template (invalidate this prefix when the store's languages change). */
  emailTemplate: ['email-templates', 'active'] as const,
  emailTemplateIn: (language: string | undefined) => ['email-templates', 'active', language ?? 'default'] as const,
  settings: ['settings'] as const,
  customerLanguages: ['settings', 'customer-languages'] as const,
  /** The alert addresses and their confirmation state: the settings and the rating actions show them. */
  notificationRecipients: ['notification-recipients'] as const,
  /** An alert address's confirmation link (public page). */
  recipientLink: (token: string) => ['public', 'recipient-link', token] as const,
  /** Its own key, not under `settings`: saving the notification settings must not re-read DNS state. */
  deliverability: ['deliverability'] as const,
  /** The latest changes of the compliance log (/app/conditional), by limit. */
  auditChanges: ['audit', 'changes'] as const,
  /** Every period of the dashboard (invalidate this prefix after a re-send). */
  dashboard: ['dashboard'] as const,
  dashboardPeriod: (period: string) => ['dashboard', period] as const,
  /** Every search of the reviews list (invalidate this prefix after a hide, a show or a storefront setting: their labels follow). */
  allReviews: ['reviews'] as const,
  reviews: (filter: string, q: string) => ['reviews', filter, q] as const,
  unsubscribe: (token: string) => ['public', 'unsubscribe', token] as const,
  /** Everything /app/storefront reads (invalidate this prefix after a hide or a show). */
  storefront: ['storefront'] as const,
  storefrontStatus: ['storefront', 'status'] as const,
  storefrontPreview: ['storefront', 'preview'] as const,
  storefrontModeration: (filter: string) => ['storefront', 'reviews', filter] as const,
} as const;
