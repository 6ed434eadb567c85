import { createElement, useId, useLayoutEffect } from 'react';
import { appBridge } from '#web/lib/admin-door';

/**
 * Inside the Shopify admin, a form with unsaved changes shows the admin's save bar (App Bridge's
 * `ui-save-bar`, its primary button saving and the other discarding); elsewhere, nothing: the form's
 * own buttons stay as they are. The bar's buttons act through the form's own handlers.
 */
export function AdminSaveBar({
  dirty,
  busy,
  saveLabel,
  discardLabel,
  onSave,
  onDiscard,
}: {
  dirty: boolean;
  busy: boolean;
  saveLabel: string;
  discardLabel: string;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const id = `save-bar-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const bridge = appBridge();
  // Layout effects: the bar is shown once its element is in the document, and hidden on the way out
  // while the element is still there (App Bridge refuses a bar it cannot find).
  useLayoutEffect(() => {
    if (!bridge) return;
    (dirty ? bridge.saveBar.show(id) : bridge.saveBar.hide(id)).catch(() => undefined);
  }, [bridge, dirty, id]);
  useLayoutEffect(() => () => void bridge?.saveBar.hide(id).catch(() => undefined), [bridge, id]);
  if (!bridge) return null;
  return createElement(
    'ui-save-bar',
    { id },
    <button type="button" {...{ variant: 'primary' }} onClick={onSave} disabled={busy} {...(busy ? { loading: '' } : {})}>
      {saveLabel}
    </button>,
    <button type="button" onClick={onDiscard} disabled={busy}>
      {discardLabel}
    </button>,
  );
}
