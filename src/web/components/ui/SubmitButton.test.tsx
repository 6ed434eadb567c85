import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './SubmitButton';

afterEach(cleanup);

function form(busy: boolean, onSubmit: () => void) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <SubmitButton busy={busy} busyLabel="Enregistrement…">
        Enregistrer
      </SubmitButton>
    </form>
  );
}

describe('SubmitButton', () => {
  it('submits its form when idle, and says nothing about being busy', () => {
    const onSubmit = vi.fn();
    render(form(false, onSubmit));
    const button = screen.getByRole('button', { name: 'Enregistrer' });
    expect(button.hasAttribute('aria-busy')).toBe(false);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while sending: shows the busy label, is marked busy and cannot submit again', () => {
    const onSubmit = vi.fn();
    render(form(true, onSubmit));
    const button = screen.getByRole('button', { name: 'Enregistrement…' }) as HTMLButtonElement;
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
