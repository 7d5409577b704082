import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Project } from '@questboard/shared/projects';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { forgetProject, useDeleteProject } from '../api/delete-project';

/** The danger zone: typing the project's exact name is the confirmation. */
export function DeleteProject({ organisationId, project }: { organisationId: string; project: Project }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteProject(organisationId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirmed = typed === project.name;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirmed) return;
    setError(null);
    remove.mutate(project, {
      onSuccess: () => {
        notify.success('Project deleted');
        // Leave the area first: it shows this project, and would ask for it again.
        void Promise.resolve(navigate(paths.home.getHref())).then(() =>
          forgetProject(queryClient, organisationId, project.identifier),
        );
      },
      onError: (caught) => setError(getErrorMessage(caught, 'Failed to delete the project')),
    });
  };

  return (
    <SettingsSection
      title="Delete project"
      description="Deleting removes the project and all of its data: events, players and reports. It cannot be undone."
      className="border-destructive/30"
    >
      <form noValidate aria-label="Delete project" onSubmit={onSubmit} className="flex flex-col gap-3">
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <TextField
          id={`delete-${project.id}`}
          label={`Type "${project.name}" to confirm`}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTyped(event.target.value)}
        />
        <div>
          <Button type="submit" variant="danger" disabled={!confirmed || remove.isPending}>
            {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" className="size-4" />}
            Delete project
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
