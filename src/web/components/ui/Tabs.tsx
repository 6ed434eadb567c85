import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '#web/lib/cx';

export interface TabItem<K extends string> {
  id: K;
  label: string;
  icon?: ReactNode;
}

/** Ids tying a tab to its panel. */
export function tabIds(prefix: string, id: string) {
  return { tab: `${prefix}-tab-${id}`, panel: `${prefix}-panel-${id}` };
}

/** Which ends of a scrolling row hide tabs (a pixel of slack for rounding). */
function hiddenEnds(row: HTMLElement | null) {
  if (!row) return { start: false, end: false };
  return { start: row.scrollLeft > 1, end: row.scrollLeft + row.clientWidth < row.scrollWidth - 1 };
}

/**
 * A WAI-ARIA tablist with automatic activation: one tab in the Tab order (the selected one),
 * ArrowLeft/ArrowRight move and select (wrapping), Home/End jump to the ends.
 * Pair each tab with a `<TabPanel>` using the same `idPrefix`.
 *
 * On a narrow screen (a phone, 360 px) the row scrolls sideways: an edge that hides tabs fades out
 * with a chevron, so the merchant sees there is more, and the selected tab is always scrolled into
 * view (chosen by the URL, a click or the arrow keys).
 */
export function TabList<K extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  className,
}: {
  label: string;
  idPrefix: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
  className?: string;
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const rowRef = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const next = hiddenEnds(rowRef.current);
    setHidden((previous) => (previous.start === next.start && previous.end === next.end ? previous : next));
  }, []);

  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    return () => observer.disconnect();
  }, [measure]);

  // The selected tab in view, moving the row only, never the page (the row is the tabs' offsetParent).
  useEffect(() => {
    const row = rowRef.current;
    const tab = refs.current.get(selected);
    if (!row || !tab) return;
    const left = tab.offsetLeft;
    if (left < row.scrollLeft) row.scrollLeft = left;
    else if (left + tab.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = left + tab.offsetWidth - row.clientWidth;
    measure();
  }, [selected, measure]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  const fade = 'pointer-events-none absolute inset-y-0 flex w-10 items-center text-slate-500';
  return (
    <div className={cx('relative border-b border-slate-200', className)}>
      <div
        ref={rowRef}
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        onScroll={measure}
        className="relative flex gap-1 overflow-x-auto overscroll-x-contain [scrollbar-width:none]"
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          const ids = tabIds(idPrefix, tab.id);
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) refs.current.set(tab.id, element);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={ids.tab}
              aria-selected={isSelected}
              aria-controls={ids.panel}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={cx(
                'flex shrink-0 items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                isSelected ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {tab.icon}
              {tab.label}
            </button>
          );
        })}
      </div>
      {hidden.start && (
        <span aria-hidden="true" data-scroll-cue="start" className={cx(fade, 'left-0 justify-start bg-gradient-to-r from-slate-50 via-slate-50/80 to-transparent')}>
          <ChevronLeft className="size-4" />
        </span>
      )}
      {hidden.end && (
        <span aria-hidden="true" data-scroll-cue="end" className={cx(fade, 'right-0 justify-end bg-gradient-to-l from-slate-50 via-slate-50/80 to-transparent')}>
          <ChevronRight className="size-4" />
        </span>
      )}
    </div>
  );
}

/** The panel of one tab. Every panel stays mounted (form input survives a tab switch); only the selected one shows. */
export function TabPanel({ idPrefix, id, selected, children, className }: { idPrefix: string; id: string; selected: boolean; children: ReactNode; className?: string }) {
  const ids = tabIds(idPrefix, id);
  return (
    <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} hidden={!selected} tabIndex={0} className={className}>
      {children}
    </div>
  );
}
