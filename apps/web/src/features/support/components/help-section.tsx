import type { ReactNode } from 'react';

import { SettingsSection } from '../../../components/layouts/settings-section';

/** One titled card of the help page, with an anchor id so links (and `?`) can land on it. */
export function HelpSection({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div id={id} tabIndex={-1} className="scroll-mt-20 rounded-2xl outline-none focus-visible:ring-3 focus-visible:ring-ring/40">
      <SettingsSection title={title} description={description}>
        {children}
      </SettingsSection>
    </div>
  );
}
