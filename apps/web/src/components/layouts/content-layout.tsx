import type { ReactNode } from 'react';

import { APP_NAME } from '../../config/app';

/** The frame of a signed-in page: its document title and heading. */
export function ContentLayout({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>{`${title} · ${APP_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}
