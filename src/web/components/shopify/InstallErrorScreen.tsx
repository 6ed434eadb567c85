import type { ReactNode } from 'react';
import { messages } from '#web/i18n';
import { PublicLayout } from '../layout/PublicLayout';
import { ErrorAlert } from '../ui/Alert';
import { CloseWindowActions } from './CloseWindowActions';

/**
 * 'Erreur d'installation': an install link that cannot be used (unknown, used, expired, missing
 * parameters…). The message is shown as given; the merchant can only close the window or go home.
 */
export function InstallErrorScreen({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <PublicLayout title={messages.shopifyFlow.errorTitle} width="md">
      <ErrorAlert>
        <span>{message}</span>
      </ErrorAlert>
      {children}
      <CloseWindowActions className="mt-6" />
    </PublicLayout>
  );
}
