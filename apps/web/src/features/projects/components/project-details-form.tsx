import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { updateProjectBodySchema } from '@questboard/shared/projects';
import type { Project } from '@questboard/shared/projects';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useUpdateProject } from '../api/update-project';
import { ProjectFields } from './project-fields';

/** Name and description; the identifier (the address) never changes. */
export function ProjectDetailsForm({ organisationId, project }: { organisationId: string; project: Project }) {
  const form = useSchemaForm(updateProjectBodySchema, { name: project.name, description: project.description });
  const update = useUpdateProject(organisationId);
  const [serverError, setServerError] = useState<string | null>(null);
  const identifierId = useId();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const body = form.submit();
    if (!body) return;
    update.mutate(
      { id: project.id, ...body },
      {
        onSuccess: (saved) => {
          notify.success('Project updated');
          form.reset({ name: saved.name, description: saved.description });
        },
        onError: (error) => setServerError(getErrorMessage(error, 'Failed to update the project')),
      },
    );
  };

  return (
    <SettingsSection title="Project details" description="How the project is named and described across the workspace.">
      <form noValidate aria-label="Project details" onSubmit={onSubmit} className="flex flex-col gap-4">
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <ProjectFields form={form} />
        <div className="flex flex-col gap-2">
          <Label htmlFor={identifierId}>Identifier</Label>
          <Input
            id={identifierId}
            value={project.identifier}
            readOnly
            aria-describedby={`${identifierId}-hint`}
            className="font-mono text-muted-foreground"
          />
          <p id={`${identifierId}-hint`} className="text-sm text-muted-foreground">
            Used in the project&apos;s address; it never changes, so links keep working after a rename.
          </p>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner /> : <Save aria-hidden="true" className="size-4" />}
            Save changes
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
