import { DESCRIPTION_MAX } from '@questboard/shared/limits';
import type { projectBodySchema } from '@questboard/shared/projects';
import type { z } from 'zod';

import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { useSchemaForm } from '../../../hooks/use-schema-form';

export type ProjectForm = ReturnType<typeof useSchemaForm<'name' | 'description', z.infer<typeof projectBodySchema>>>;

/** Name and description, as the create and settings forms both ask for them. */
export function ProjectFields({ form }: { form: ProjectForm }) {
  const description = form.field('description');
  return (
    <>
      <TextField {...form.field('name')} label="Project name" autoComplete="off" placeholder="e.g. Dragon Quest Mobile" maxLength={200} />
      <TextAreaField
        {...description}
        label="Description"
        rows={5}
        description="What the game is and what you want to learn from its players (at least 150 characters)."
        counter={`${description.value.trim().length} / ${DESCRIPTION_MAX}`}
      />
    </>
  );
}
