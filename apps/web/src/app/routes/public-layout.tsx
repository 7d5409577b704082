import { Outlet } from 'react-router';

import { LogoMark } from '../../components/brand/logo-mark';
import { APP_NAME } from '../../config/app';
import { ThemeSwitch } from '../../features/theme/components/theme-switch';

/** Frame of the signed-out pages (sign-in, callback, invitation): brand, theme switch, footer. */
export function PublicLayout() {
  const year = new Date().getFullYear();

  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[520px] bg-[radial-gradient(60%_70%_at_50%_0%,var(--glow),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(var(--border)_1px,transparent_1px)] mask-[radial-gradient(ellipse_70%_55%_at_50%_0%,black,transparent)] bg-size-[22px_22px]"
      />

      <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <div className="flex items-center gap-2.5 text-[15px] font-semibold tracking-tight">
          <LogoMark className="size-7" />
          {APP_NAME}
        </div>
        <ThemeSwitch />
      </header>

      <main className="flex flex-1 items-center justify-center px-4 py-10 sm:px-6">
        <Outlet />
      </main>

      <footer className="px-4 pt-2 pb-6 text-center text-xs text-muted-foreground">
        {`© ${year} ${APP_NAME}. All rights reserved.`}
      </footer>
    </div>
  );
}
