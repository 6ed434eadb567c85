/**
 * QueryState for a screen that edits the active store's settings: an account without a connected
 * store (the API's `no_store`) gets the spec's empty state with a link to /app/integrations instead
 * of an error.
 */
import { Store } from 'lucide-react';
import { isNoStore } from '#web/lib/api';
import { EmptyState } from './EmptyState';
import { QueryState } from './QueryState';

export interface NoStoreTexts {
  heading: string;
  body: string;
  link: string;
}

export function StoreQueryState<T>({ noStore, ...props }: Parameters<typeof QueryState<T>>[0] & { noStore: NoStoreTexts }) {
  const { error } = props.query;
  if (isNoStore(error)) {
    return (
      <EmptyState icon={Store} heading={noStore.heading} action={{ to: '/app/integrations', label: noStore.link }}>
        {noStore.body}
      </EmptyState>
    );
  }
  return <QueryState {...props} />;
}
