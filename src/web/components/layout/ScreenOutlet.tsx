import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { TakenOver } from '#web/lib/taken-over';

/** The current screen, within the layout's width. */
export function ScreenOutlet() {
  return (
    <div className="mx-auto w-full max-w-6xl">
      {/* On a drawn page React hydrates the screen apart from the layout, in tasks of its own
          (decision 039); the page answers once the screen is taken over. */}
      <Suspense fallback={null}>
        <Outlet />
        <TakenOver />
      </Suspense>
    </div>
  );
}
