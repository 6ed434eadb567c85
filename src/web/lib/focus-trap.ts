import type { KeyboardEvent } from 'react';

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside a dialog panel: from the last control to the first and back, and
 * back inside when focus was on the panel itself or outside it. Call from the panel's onKeyDown.
 */
export function trapTab(event: KeyboardEvent<HTMLElement>, panel: HTMLElement | null) {
  if (event.key !== 'Tab') return;
  const focusables = Array.from(panel?.querySelectorAll<HTMLElement>(focusableSelector) ?? []);
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const inside = !!active && active !== panel && !!panel?.contains(active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}
