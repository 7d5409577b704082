import { ExternalLink } from 'lucide-react';

import { buttonClasses } from '../../../components/ui/button';
import { HelpSection } from './help-section';

export function ApiReferenceSection() {
  return (
    <HelpSection
      id="api-reference"
      title="API reference"
      description="Every endpoint of this server with its request and answer, generated from the route schemas."
    >
      <a href="/api/docs" target="_blank" rel="noopener noreferrer" className={buttonClasses('outline')}>
        Open the API reference
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </HelpSection>
  );
}
