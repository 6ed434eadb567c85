import { messages } from '#web/i18n';
import { ApiError } from '#web/lib/api';

const t = messages.branding;

/** « Impossible d’enregistrer les réglages » (the spec's 'Failed to save settings', decision 025), with the server's own sentence when it says what to fix (a logo gone, a text refused). */
export function SaveFailure({ error }: { error: Error }) {
  const reason = error instanceof ApiError && error.code && error.code !== 'internal' ? error.message : null;
  return (
    <>
      <p>{t.saveFailed}</p>
      {reason && <p className="mt-1">{reason}</p>}
    </>
  );
}
