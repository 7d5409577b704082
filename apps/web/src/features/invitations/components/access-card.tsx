import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../utils/cn';

const iconTones = {
  brand: 'bg-primary/10 text-link',
  muted: 'bg-muted text-muted-foreground',
  danger: 'bg-destructive-surface text-destructive',
} as const;

interface AccessCardProps {
  icon: ReactNode;
  iconTone?: keyof typeof iconTones;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Moves focus to the title on arrival: the page changed under the person (e.g. an answer was refused). */
  focusTitle?: boolean;
}

/** The frame every state of the invitation page shares: icon, heading, text, then the content. */
export function AccessCard({ icon, iconTone = 'brand', title, description, children, focusTitle = false }: AccessCardProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  return (
    <Card className="w-full max-w-[440px] p-6 sm:p-8">
      <CardHeader className="mb-6 items-center">
        <span aria-hidden="true" className={cn('mb-2 grid size-11 place-items-center rounded-full [&_svg]:size-5', iconTones[iconTone])}>
          {icon}
        </span>
        <CardTitle as="h1" ref={titleRef} tabIndex={-1} className="outline-none">
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
