import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

afterEach(cleanup);

function Harness({ onClose = () => {}, busy = false }: { onClose?: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  const firstRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      {open && (
        <Modal
          title="Titre"
          description="Une description"
          closeLabel="Fermer la fenêtre"
          busy={busy}
          initialFocusRef={firstRef}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <button ref={firstRef} type="button">
            Premier
          </button>
          <button type="button">Dernier</button>
        </Modal>
      )}
    </>
  );
}

function openModal(props: Parameters<typeof Harness>[0] = {}) {
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Ouvrir' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Titre' }) };
}

describe('Modal', () => {
  it('is a labelled, described modal dialog that takes the focus', () => {
    const { dialog } = openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Une description');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Premier' }));
  });

  it('keeps Tab inside, both ways', () => {
    const { dialog } = openModal();
    const close = screen.getByRole('button', { name: 'Fermer la fenêtre' });
    const last = screen.getByRole('button', { name: 'Dernier' });
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes with Escape or the × and gives the focus back to the opener', () => {
    const onClose = vi.fn();
    const { dialog, opener } = openModal({ onClose });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Fermer la fenêtre' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('closes on a click beside the panel, never on one inside it', () => {
    const onClose = vi.fn();
    const { dialog } = openModal({ onClose });
    fireEvent.click(screen.getByRole('button', { name: 'Premier' }));
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    // The box around the panel: what a click on the dimmed backdrop lands on.
    fireEvent.click(dialog.parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('scrolls in a layer of its own, the panel in a box at least as tall as the screen (a tall panel starts on screen)', () => {
    const { dialog } = openModal();
    const box = dialog.parentElement!;
    const layer = box.parentElement!;
    expect(layer.className).toMatch(/\bfixed\b.*\boverflow-y-auto\b/);
    expect(box.className).toContain('min-h-full');
    expect(layer.className).not.toMatch(/\bitems-(end|center)\b/);
  });

  it('stays open while busy', () => {
    const onClose = vi.fn();
    const { dialog } = openModal({ onClose, busy: true });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
