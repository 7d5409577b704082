import type { ExperimentStatus } from '@questboard/shared/experiments-api';

import { Badge, type BadgeTone } from '../../../components/ui/badge';

const looks: Record<ExperimentStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  running: { label: 'Running', tone: 'success' },
  stopped: { label: 'Stopped', tone: 'info' },
};

export function StatusBadge({ status }: { status: ExperimentStatus }) {
  return <Badge tone={looks[status].tone}>{looks[status].label}</Badge>;
}
