import { Link, Outlet } from 'react-router';

import { LogoMark } from '../../components/brand/logo-mark';
import { APP_NAME } from '../../config/app';
import { paths } from '../../config/paths';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { ThemeSwitch } from '../../features/theme/components/theme-switch';

const CONTENT_ID = 'content';

/** Frame of every signed-in page: the top bar (product, theme, account) above the page. */
export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${CONTENT_ID}`}
        className="sr-only rounded-lg bg-card text-sm font-medium shadow-md focus:not-sr-only focus:fixed focus:top-2.5 focus:left-3 focus:z-50 focus:px-3 focus:py-2 focus:outline-2 focus:outline-ring"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="flex h-14 items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            to={paths.home.getHref()}
            className="-mx-1.5 flex min-w-0 items-center gap-2.5 rounded-lg px-1.5 py-1 text-[15px] font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <LogoMark className="size-7 shrink-0" />
            <span className="truncate">{APP_NAME}</span>
          </Link>
          <div className="flex shrink-0 items-center gap-2">
            <ThemeSwitch />
            <AccountMenu />
          </div>
        </div>
      </header>
      <div id={CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </div>
    </div>
  );
}
