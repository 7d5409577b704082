import { useQueryClient } from '@tanstack/react-query';
import { Eraser } from 'lucide-react';
import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import type { Project } from '@questboard/shared/projects';
import { retentionOptions, type DataSettings } from '@questboard/shared/project-data';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { deleteAnalyticsData, useDataSettings, useUpdateDataSettings } from '../api/project-data';

const keepAll = 'all';

function retentionLabel(days: number): string {
  return days % 365 === 0 ? `${days / 365} year${days === 365 ? '' : 's'}` : `${days} days`;
}

/** Data retention and deleting every event: owners and admins (the server enforces it too). */
export function ProjectDataSettings({ project }: { project: Project }) {
  const settings = useDataSettings(project.id);
  return (
    <>
      <SettingsSection
        title="Data retention"
        description="Events older than this are deleted, and games can no longer send events that old. Shortening it deletes the older events at once."
      >
        {settings.isPending ? (
          <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Loading retention...
          </div>
        ) : settings.isError ? (
          <ErrorAlert>{getErrorMessage(settings.error, 'Failed to load the data retention')}</ErrorAlert>
        ) : (
          <RetentionForm key={String(settings.data.eventRetentionDays)} project={project} current={settings.data.eventRetentionDays} />
        )}
      </SettingsSection>
      <DeleteAnalyticsData project={project} />
    </>
  );
}

/** What a member sees instead: who looks after the project's data (issue 21). */
export function ProjectDataSettingsNotice() {
  return (
    <SettingsSection title="Analytics data">
      <p className="text-sm text-pretty text-muted-foreground">
        Owners and admins set the data retention and can delete this project's analytics data, demo data included.
      </p>
    </SettingsSection>
  );
}

function RetentionForm({ project, current }: { project: Project; current: DataSettings['eventRetentionDays'] }) {
  const selectId = useId();
  const [value, setValue] = useState(current === null ? keepAll : String(current));
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateDataSettings(project.id);
  const chosen = (value === keepAll ? null : Number(value)) as DataSettings['eventRetentionDays'];
  const shortens = chosen !== null && (current === null || chosen < current);

  const save = async () => {
    await update.mutateAsync({ eventRetentionDays: chosen });
    notify.success('Data retention saved');
  };
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (shortens) setConfirming(true);
    else void save().catch(() => undefined);
  };

  return (
    <form noValidate aria-label="Data retention" onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
      {update.isError && !confirming && <ErrorAlert className="w-full">{getErrorMessage(update.error, 'Failed to save the data retention')}</ErrorAlert>}
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={selectId}>Keep events for</Label>
        <Select id={selectId} value={value} onChange={(event) => setValue(event.target.value)} className="w-56">
          <option value={keepAll}>Forever</option>
          {retentionOptions.map((days) => (
            <option key={days} value={String(days)}>
              {retentionLabel(days)}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" disabled={update.isPending || chosen === current}>
        {update.isPending && <Spinner />}
        Save retention
      </Button>
      {confirming && chosen !== null && (
        <ConfirmDialog
          title="Shorten the data retention?"
          description={`Events of ${project.name} older than ${retentionLabel(chosen)} are deleted now. This cannot be undone.`}
          confirmLabel="Delete older events"
          destructive
          failureMessage="Failed to save the data retention"
          onConfirm={save}
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
  );
}

function DeleteAnalyticsData({ project }: { project: Project }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const remove = async () => {
    const { deletedEvents } = await deleteAnalyticsData(project.id);
    notify.success(`Deleted ${deletedEvents.toLocaleString('en')} events`);
    // Every page that shows figures of this project asks again.
    await queryClient.invalidateQueries({ predicate: (query) => JSON.stringify(query.queryKey).includes(project.id) });
  };
  return (
    <SettingsSection
      title="Delete analytics data"
      description="Deletes every event this project has received, demo data included. The project, its settings and its ingestion keys stay, and new events keep arriving."
      className="border-destructive/30"
    >
      <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
        <Eraser aria-hidden="true" className="size-4" />
        Delete analytics data
      </Button>
      {confirming && (
        <ConfirmDialog
          title="Delete all analytics data?"
          description={`Every event of ${project.name} is deleted. This cannot be undone.`}
          confirmLabel="Delete all events"
          destructive
          failureMessage="Failed to delete the analytics data"
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      )}
    </SettingsSection>
  );
}
