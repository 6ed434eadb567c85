import type { ReactNode } from 'react';
import { buttonClass } from '../ui/button';

/**
 * The parts of a public page opened from an e-mailed link (unsubscribe, an alert address's
 * confirmation): which store, which address; and the one action, which keeps the keyboard focus
 * while it runs (aria-disabled rather than disabled).
 */
export function StoreAddressDetails({ storeLabel, storeName, addressLabel, address }: { storeLabel: string; storeName: string; addressLabel: string; address: string }) {
  return (
    <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-slate-600">{storeLabel}</dt>
        <dd className="mt-0.5 font-medium text-slate-900">{storeName}</dd>
      </div>
      <div>
        <dt className="text-slate-600">{addressLabel}</dt>
        <dd className="mt-0.5 font-medium break-all text-slate-900">{address}</dd>
      </div>
    </dl>
  );
}

export function LinkActionButton({ busy, onClick, children }: { busy: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={() => !busy && onClick()}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      className={buttonClass('primary', 'md', 'w-full sm:w-auto aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
    >
      {children}
    </button>
  );
}
