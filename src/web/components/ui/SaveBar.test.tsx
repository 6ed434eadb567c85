import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { servedInsideShopifyAdmin } from '#web/test/admin-door';
import { SaveBar } from './SaveBar';

afterEach(cleanup);

/** A settings form with its SaveBar: `saved` is the notice after a save. */
function form(props: { dirty: boolean; notice: string | null; onSubmit: () => void; onDiscard: () => void }) {
  return (
    <form
      aria-label="Réglages"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <SaveBar busy={false} dirty={props.dirty} notice={props.notice} error={null} onDiscard={props.onDiscard} />
    </form>
  );
}

describe('SaveBar', () => {
  it('on the standalone site: the notice in the page, no admin save bar', () => {
    const { container } = render(form({ dirty: true, notice: 'Paramètres enregistrés', onSubmit: vi.fn(), onDiscard: vi.fn() }));
    expect(screen.getByText('Paramètres enregistrés')).toBeTruthy();
    expect(container.querySelector('ui-save-bar')).toBeNull();
  });

  it('inside the Shopify admin before App Bridge has loaded: the notice stays in the page', () => {
    const meta = document.createElement('meta');
    meta.name = 'shopify-api-key';
    meta.content = 'client-id';
    document.head.append(meta);
    try {
      render(form({ dirty: false, notice: 'Paramètres enregistrés', onSubmit: vi.fn(), onDiscard: vi.fn() }));
      expect(screen.getByText('Paramètres enregistrés')).toBeTruthy();
    } finally {
      meta.remove();
    }
  });

  it("inside the Shopify admin (decision 053): the admin's save bar submits or discards the form, and the save is the admin's toast", () => {
    const { bridge, leave } = servedInsideShopifyAdmin();
    try {
      const onSubmit = vi.fn();
      const onDiscard = vi.fn();
      const { container, rerender } = render(form({ dirty: true, notice: null, onSubmit, onDiscard }));
      const bar = container.querySelector('ui-save-bar')!;
      expect(bridge.saveBar.show).toHaveBeenCalledWith(bar.id);
      const [save, discard] = [...bar.querySelectorAll('button')];
      fireEvent.click(save!);
      expect(onSubmit).toHaveBeenCalledTimes(1);
      fireEvent.click(discard!);
      expect(onDiscard).toHaveBeenCalledTimes(1);
      expect(discard!.textContent).toBe('Annuler les modifications');

      rerender(form({ dirty: false, notice: 'Paramètres enregistrés', onSubmit, onDiscard }));
      expect(bridge.toast.show).toHaveBeenCalledWith('Paramètres enregistrés');
      expect(screen.queryByText('Paramètres enregistrés')).toBeNull();
      expect(bridge.saveBar.hide).toHaveBeenCalledWith(bar.id);
    } finally {
      leave();
    }
  });
});
