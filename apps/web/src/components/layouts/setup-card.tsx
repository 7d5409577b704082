import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { ErrorAlert } from '../ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';

/** The frame of a setup step (/create-org, /complete-profile): an icon, the title, why, the form. */
export function SetupCard(props: { icon: LucideIcon; title: string; description: ReactNode; error: string | null; children: ReactNode }) {
  const { icon: Icon, title, description, error, children } = props;
  return (
    <Card className="w-full max-w-[440px] p-6 sm:p-8">
      <CardHeader className="mb-6 items-center">
        <span aria-hidden="true" className="mb-2 grid size-11 place-items-center rounded-full bg-primary/10 text-link">
          <Icon className="size-5" />
        </span>
        <CardTitle as="h1">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {children}
      </CardContent>
    </Card>
  );
}
