import { LoaderCircle, Smartphone } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { PREVIEW_VIEWS, type PreviewView } from '#core/api/branding';
import { useBrandingPreview } from '#web/api/branding';
import { messages } from '#web/i18n';
import { buttonClass } from '../ui/button';
import { ToggleGroup } from '../ui/ToggleGroup';
import { useDebouncedValue } from './use-debounced-value';

const t = messages.branding.preview;

/** A phone's screen in CSS pixels (an iPhone's width), inside a bezel. */
const SCREEN = { width: 375, height: 700 };
const BEZEL = 10;
const OUTER = { width: SCREEN.width + 2 * BEZEL, height: SCREEN.height + 2 * BEZEL };
/** Beside the form (wide screens) the preview stays in view: it must fit under the sticky header. */
const STICKY_QUERY = '(min-width: 1024px)';
const STICKY_ROOM = 190;
/** Typing is previewed once it pauses. */
export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The scale at which the phone fits its column (never enlarged), and on wide screens the window's
 * height too. Without ResizeObserver (tests) it stays at 1.
 */
function useFitScale() {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const fit = () => {
      const byWidth = element.clientWidth / OUTER.width;
      const sticky = typeof window.matchMedia === 'function' && window.matchMedia(STICKY_QUERY).matches;
      const byHeight = sticky ? (window.innerHeight - STICKY_ROOM) / OUTER.height : 1;
      setScale(Math.max(0.5, Math.min(1, byWidth, byHeight)));
    };
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, []);
  return { box, scale };
}

/**
 * The live preview: the review page rendered by the server with the values on screen (`body`, the
 * serialised preview request, asked for once typing pauses), in a phone-sized, sandboxed frame
 * (no script, no form, no navigation: what the merchant sees cannot act). The last page stays while
 * the next loads; a failure says so under it. `onViewChange` adds the choice of moment (form,
 * thank-you after a positive or a negative rating).
 */
export function PreviewPane({ body, view, onViewChange }: { body: string; view: PreviewView; onViewChange?: (view: PreviewView) => void }) {
  const headingId = useId();
  const debounced = useDebouncedValue(body, PREVIEW_DEBOUNCE_MS);
  const preview = useBrandingPreview(debounced);
  const { box, scale } = useFitScale();

  // The last page received stays on screen when a later one fails.
  const [shown, setShown] = useState<string | null>(null);
  const html = preview.data?.html;
  if (html !== undefined && html !== shown) setShown(html);

  const pending = preview.isFetching || debounced !== body;

  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-3 lg:sticky lg:top-24">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Smartphone aria-hidden="true" className="size-5 text-slate-500" />
          {t.heading}
        </h2>
        {/* Discreet and silent: announcing every keystroke's refresh would drown a screen reader. */}
        <span aria-hidden="true" className={pending && shown !== null ? 'flex items-center gap-1.5 text-xs text-slate-600' : 'invisible text-xs'}>
          <LoaderCircle className="size-3.5 animate-spin" />
          {t.updating}
        </span>
      </div>
      <p className="text-sm text-slate-600">{t.intro}</p>
      {onViewChange && <ToggleGroup label={t.viewsLabel} options={PREVIEW_VIEWS} value={view} onChange={onViewChange} labelOf={(v) => t.views[v]} />}

      <div ref={box} className="w-full">
        <div className="mx-auto" style={{ width: OUTER.width * scale, height: OUTER.height * scale }}>
          <div
            aria-busy={pending || undefined}
            className="origin-top-left overflow-hidden rounded-[2.75rem] bg-slate-900 shadow-xl"
            style={{ width: OUTER.width, height: OUTER.height, padding: BEZEL, transform: scale === 1 ? undefined : `scale(${scale})` }}
          >
            {shown === null ? (
              <div className="flex h-full items-center justify-center rounded-[2.1rem] bg-slate-100">
                {preview.isError ? null : (
                  <span role="status" className="flex items-center gap-2 text-sm text-slate-600">
                    <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-brand-700" />
                    {t.loading}
                  </span>
                )}
              </div>
            ) : (
              <iframe sandbox="" srcDoc={shown} title={t.frameTitle} className="block size-full rounded-[2.1rem] border-0 bg-white" />
            )}
          </div>
        </div>
      </div>

      {preview.isError && !pending && (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 text-sm text-red-700">
          <span>{t.failed}</span>
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void preview.refetch()}>
            {t.retry}
          </button>
        </div>
      )}
    </section>
  );
}
