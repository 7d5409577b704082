import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { createProjectBodySchema } from '@questboard/shared/projects';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { projectPages } from '../../../config/paths';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useCreateProject } from '../api/create-project';
import { ProjectFields } from './project-fields';

/** Creates a project and opens it; rules and messages come from the shared schema. */
export function CreateProjectForm({ organisationId, onCancel }: { organisationId: string; onCancel: () => void }) {
  const form = useSchemaForm(createProjectBodySchema, { name: '', description: '' });
  const create = useCreateProject(organisationId);
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const body = form.submit();
    if (!body) return;
    create.mutate(body, {
      onSuccess: (project) => {
        notify.success('Project created');
        void navigate(projectPages.overview.getHref(project.identifier));
      },
      onError: (error) => setServerError(getErrorMessage(error, 'Failed to create the project')),
    });
  };

  return (
    <form noValidate aria-label="New project" onSubmit={onSubmit} className="flex flex-col gap-4">
      {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
      <ProjectFields form={form} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : <Plus aria-hidden="true" className="size-4" />}
          Create project
        </Button>
      </div>
    </form>
  );
}
