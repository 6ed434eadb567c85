/**
 * The one loading / error-with-retry / content sequence of a screen or a panel that reads a query:
 * a spinner while pending, the server's French message with 'Réessayer' on failure, then the data.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { messages } from '../../i18n';
import { ErrorAlert } from './Alert';
import { Spinner } from './Spinner';

export function QueryState<T>({
  query,
  children,
  loadingLabel = messages.common.loading,
  errorMessage,
  className,
}: {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch' | 'isFetching'>;
  children: (data: T) => ReactNode;
  loadingLabel?: string;
  /** Shown instead of the server's message (e.g. 'Impossible de charger les flux.'). */
  errorMessage?: string;
  className?: string;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} className={className ?? 'rounded-2xl border border-slate-200 bg-white py-12'} />;
  if (query.isError) {
    return (
      <ErrorAlert className={className} retry={{ label: messages.common.retry, onRetry: () => void query.refetch(), busy: query.isFetching }}>
        {errorMessage ?? query.error?.message ?? messages.common.errorFallback}
      </ErrorAlert>
    );
  }
  return <>{children(query.data as T)}</>;
}
