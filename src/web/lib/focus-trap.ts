import type { KeyboardEvent } from 'react';

const focusableSelector = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

const isRadio = (element: Element | null): element is HTMLInputElement => element instanceof HTMLInputElement && element.type === 'radio' && !!element.name;

/** One Tab stop: the same element, or two radio buttons of one group (the arrow keys move inside it). */
const sameStop = (a: Element | null, b: Element) => a === b || (isRadio(a) && isRadio(b) && a.name === b.name && a.form === b.form);

/**
 * Whether Tab lands on `element`: a radio button only when it is its group's checked one, or the
 * group's first when none is checked.
 */
function isTabStop(element: HTMLElement, all: HTMLElement[]): boolean {
  if (!isRadio(element)) return true;
  const group = all.filter((other): other is HTMLInputElement => isRadio(other) && sameStop(other, element));
  const checked = group.find((radio) => radio.checked);
  return checked ? checked === element : group[0] === element;
}

/**
 * Keeps Tab and Shift+Tab inside a dialog panel: from the last control to the first and back, and
 * back inside when focus was on the panel itself or outside it. Call from the panel's onKeyDown.
 */
export function trapTab(event: KeyboardEvent<HTMLElement>, panel: HTMLElement | null) {
  if (event.key !== 'Tab') return;
  // In document order (what browsers answer; jsdom groups a selector list by selector).
  const candidates = Array.from(panel?.querySelectorAll<HTMLElement>(focusableSelector) ?? []).sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  const focusables = candidates.filter((element) => isTabStop(element, candidates));
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const inside = !!active && active !== panel && !!panel?.contains(active);
  if (event.shiftKey && (sameStop(active, first) || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (sameStop(active, last) || !inside)) {
    event.preventDefault();
    first.focus();
  }
}
