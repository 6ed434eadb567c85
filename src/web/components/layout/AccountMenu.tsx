import { ChevronDown, KeyRound, LogOut, Settings, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { accountDisplayName } from '#core/account-name';
import type { SessionUser } from '#web/api/auth';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';

export interface AccountMenuProps {
  /** The signed-in user, or `null` when unknown. */
  user: Pick<SessionUser, 'email' | 'name' | 'companyName'> | null;
  onSignOut: () => void;
  signingOut?: boolean;
}

type FocusTarget = 'first' | 'last';

/** The initial of the name the account goes by: the person's, or the e-mail's until one is given (never the company's). */
function initialOf(user: AccountMenuProps['user']): string | null {
  const source = user ? accountDisplayName(user).trim() : '';
  return source ? source.charAt(0).toLocaleUpperCase('fr-FR') : null;
}

const itemClass =
  'flex w-full items-center gap-3 px-4 py-2 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none data-[danger]:text-red-700';

/**
 * Account menu button (the user's initial) with a dropdown following the WAI-ARIA menu button
 * pattern: Enter/Space/ArrowDown open on the first item, ArrowUp on the last, arrows/Home/End move,
 * Escape closes and returns focus to the button, Tab closes, a click outside closes.
 */
export function AccountMenu({ user, onSignOut, signingOut = false }: AccountMenuProps) {
  const t = messages.layout.account;
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>('first');
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const initial = initialOf(user);

  const menuItems = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const items = menuItems();
    (focusTarget === 'last' ? items[items.length - 1] : items[0])?.focus();
  }, [open, focusTarget]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const openMenu = (target: FocusTarget) => {
    setFocusTarget(target);
    setOpen(true);
  };

  const closeMenu = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems();
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        closeMenu(true);
        break;
      case 'Tab':
        closeMenu(false);
        break;
    }
  };

  const linkItem = (to: string, icon: ReactNode, label: string) => (
    <Link to={to} role="menuitem" tabIndex={-1} className={itemClass} onClick={() => closeMenu(false)}>
      {icon}
      {label}
    </Link>
  );

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={t.buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? closeMenu(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-1 rounded-full p-0.5 pr-1.5 text-slate-600 hover:bg-slate-100"
      >
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
          {initial ?? <UserRound className="size-4" />}
        </span>
        <ChevronDown aria-hidden="true" className={cx('size-4 transition-transform', open && 'rotate-180')} />
      </button>

      {open && (
        <div className="absolute right-0 top-full z-30 mt-2 w-64 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
          <div className="border-b border-slate-100 px-4 py-3">
            <p className="text-xs text-slate-600">{user ? t.signedInAs : t.unknownUser}</p>
            {user && (
              <p className="truncate text-sm font-medium text-slate-900" title={user.email}>
                {user.email}
              </p>
            )}
          </div>
          <div ref={menuRef} id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKeyDown} className="py-1">
            {linkItem('/app/account-settings?tab=profile', <UserRound aria-hidden="true" className="size-4 text-slate-500" />, t.profile)}
            {linkItem('/app/account-settings?tab=password', <KeyRound aria-hidden="true" className="size-4 text-slate-500" />, t.password)}
            {linkItem('/app/settings', <Settings aria-hidden="true" className="size-4 text-slate-500" />, t.settings)}
            <div role="separator" className="my-1 border-t border-slate-100" />
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-danger=""
              disabled={signingOut}
              className={itemClass}
              onClick={() => {
                closeMenu(true);
                onSignOut();
              }}
            >
              <LogOut aria-hidden="true" className="size-4" />
              {signingOut ? t.signingOut : t.signOut}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
