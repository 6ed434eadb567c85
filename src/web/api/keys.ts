/**
 * Every TanStack Query key of the app, in one place: one endpoint, one key, so an invalidation
 * reaches every screen that shows it.
 */
export const queryKeys = {
  session: ['auth', 'session'] as const,
  currentStore: ['stores', 'current'] as const,
  plans: ['plans'] as const,
} as const;
