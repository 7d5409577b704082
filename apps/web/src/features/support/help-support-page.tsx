import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { Project } from '@questboard/shared/projects';

import { useInstallationStatus } from './api/get-installation-status';
import { ApiReferenceSection } from './components/api-reference-section';
import { ContactSupportSection } from './components/contact-support-section';
import { KeyboardShortcutsSection } from './components/keyboard-shortcuts-section';
import { LiveOpsHelpSection } from './components/live-ops-help-section';
import { MetricDefinitionsSection } from './components/metric-definitions-section';
import { QuickStartSection } from './components/quick-start-section';
import { SystemStatusSection } from './components/system-status-section';

/**
 * The project's help page (issue 9): an SDK quick start, the metric definitions, remote config and
 * live events (issue 15), the API reference,
 * the keyboard shortcuts, the installation's status and a contact form to SUPPORT_EMAIL.
 */
export function HelpSupportPage({ project }: { project: Project }) {
  const status = useInstallationStatus();
  const { hash, key } = useLocation();

  // A link to a section (`?` opens #keyboard-shortcuts): bring it into view and move focus there.
  useEffect(() => {
    const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!section) return;
    // Focusing scrolls it into view (below the sticky header: scroll-mt on the section).
    section.focus();
  }, [hash, key]);

  return (
    <div className="mt-6 flex max-w-4xl min-w-0 flex-col gap-6">
      <QuickStartSection identifier={project.identifier} origin={window.location.origin} />
      <MetricDefinitionsSection />
      <LiveOpsHelpSection identifier={project.identifier} origin={window.location.origin} />
      <ApiReferenceSection />
      <KeyboardShortcutsSection />
      <SystemStatusSection status={status.data} isError={status.isError} onRetry={() => void status.refetch()} />
      {/* Without an answer the form still shows: the server says so if no address is configured. */}
      <ContactSupportSection projectId={project.id} configured={status.data?.supportEmail ?? (status.isError ? true : undefined)} />
    </div>
  );
}
