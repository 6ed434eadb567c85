/**
 * The one loading / error-with-retry / content sequence of a screen or a panel that reads a query:
 * a spinner while the first answer is awaited, the server's French message with 'Réessayer' when
 * there is nothing to show, then the data (kept on screen when a later refetch fails).
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { messages } from '#web/i18n';
import { ErrorAlert } from './Alert';
import { Spinner } from './Spinner';

export function QueryState<T>({
  query,
  children,
  loadingLabel = messages.common.loading,
  loading,
  errorMessage,
  retryLabel = messages.common.retry,
  className,
  frame = (node) => node,
}: {
  query: Pick<UseQueryResult<T>, 'isError' | 'error' | 'data' | 'refetch' | 'isFetching'>;
  children: (data: T) => ReactNode;
  loadingLabel?: string;
  /** Shown instead of the spinner (a skeleton of the content). */
  loading?: ReactNode;
  /** Shown instead of the server's message (e.g. 'Impossible de charger les flux.'). */
  errorMessage?: string;
  /** The retry button's label ('Réessayer' unless a customer's page says it in their language). */
  retryLabel?: string;
  className?: string;
  /** Wraps the loading and error states (a gate's full-page frame). */
  frame?: (node: ReactNode) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return frame(
      <ErrorAlert className={className} retry={{ label: retryLabel, onRetry: () => void query.refetch(), busy: query.isFetching }}>
        {errorMessage ?? query.error?.message ?? messages.common.errorFallback}
      </ErrorAlert>,
    );
  }
  return frame(loading ?? <Spinner label={loadingLabel} className={className ?? 'rounded-2xl border border-slate-200 bg-white py-12'} />);
}
