import { Construction } from 'lucide-react';
import { messages } from '#web/i18n';
import { EmptyState } from './EmptyState';

/** Neutral body for screens that are not built yet. Renders an h2: the page owns its h1. */
export function UnderConstruction({ description }: { description?: string }) {
  const t = messages.common.underConstruction;
  return (
    <EmptyState icon={Construction} heading={t.heading}>
      {description ?? t.body}
    </EmptyState>
  );
}
