import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastInAdmin } from '#web/lib/admin-door';
import { servedInsideShopifyAdmin } from '#web/test/admin-door';
import { AdminSaveBar } from './AdminSaveBar';

afterEach(cleanup);

const bar = (dirty: boolean, onSave = vi.fn(), onDiscard = vi.fn()) => (
  <AdminSaveBar dirty={dirty} busy={false} saveLabel="Enregistrer" discardLabel="Annuler" onSave={onSave} onDiscard={onDiscard} />
);

describe('AdminSaveBar (decision 053)', () => {
  it('draws nothing and confirms nothing outside the Shopify admin', () => {
    const { container } = render(bar(true));
    expect(container.innerHTML).toBe('');
    expect(toastInAdmin('Enregistré')).toBe(false);
  });

  it("inside the admin, shows App Bridge's bar while the form has changes, its buttons acting through the form's handlers", () => {
    const { bridge, leave } = servedInsideShopifyAdmin();
    try {
      const onSave = vi.fn();
      const onDiscard = vi.fn();
      const { container, rerender, unmount } = render(bar(false, onSave, onDiscard));
      const element = container.querySelector('ui-save-bar')!;
      expect(bridge.saveBar.hide).toHaveBeenCalledWith(element.id);
      rerender(bar(true, onSave, onDiscard));
      expect(bridge.saveBar.show).toHaveBeenCalledWith(element.id);
      const [save, discard] = [...element.querySelectorAll('button')];
      expect(save!.getAttribute('variant')).toBe('primary');
      fireEvent.click(save!);
      fireEvent.click(discard!);
      expect([onSave.mock.calls.length, onDiscard.mock.calls.length]).toEqual([1, 1]);
      bridge.saveBar.hide.mockClear();
      unmount();
      expect(bridge.saveBar.hide).toHaveBeenCalledWith(element.id);
      expect(toastInAdmin('Enregistré')).toBe(true);
      expect(bridge.toast.show).toHaveBeenCalledWith('Enregistré');
    } finally {
      leave();
    }
  });
});
