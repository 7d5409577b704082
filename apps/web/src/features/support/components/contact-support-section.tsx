import { Info, Send } from 'lucide-react';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, supportMessageBodySchema, supportMessages } from '@questboard/shared/support';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useSendSupportMessage } from '../api/send-support-message';
import { HelpSection } from './help-section';

export const NOT_CONFIGURED_NOTE = `${supportMessages.notConfigured} Ask your administrator to set SUPPORT_EMAIL.`;

// The form's fields only: the project is sent as it is, not typed.
const formSchema = supportMessageBodySchema.pick({ subject: true, message: true });

function ContactForm({ projectId }: { projectId: string }) {
  const form = useSchemaForm(formSchema, { subject: '', message: '' });
  const send = useSendSupportMessage();
  const [serverError, setServerError] = useState<string | null>(null);
  const subject = form.field('subject');
  const message = form.field('message');

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const body = form.submit();
    if (!body) return;
    send.mutate(
      { ...body, projectId },
      {
        onSuccess: () => {
          notify.success(supportMessages.sent);
          form.reset();
        },
        onError: (error) => setServerError(getErrorMessage(error, 'The message could not be sent. Please try again.')),
      },
    );
  };

  return (
    <form noValidate aria-label="Contact support" onSubmit={onSubmit} className="flex flex-col gap-4">
      {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
      <TextField {...subject} label="Subject" autoComplete="off" maxLength={SUPPORT_SUBJECT_MAX + 20} placeholder="e.g. Events missing since Tuesday" />
      <TextAreaField
        {...message}
        label="Message"
        rows={6}
        description="What happened, what you expected, and anything that helps reproduce it."
        counter={`${message.value.trim().length} / ${SUPPORT_MESSAGE_MAX}`}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? <Spinner /> : <Send aria-hidden="true" className="size-4" />}
          Send message
        </Button>
      </div>
    </form>
  );
}

/** The contact form when SUPPORT_EMAIL is set; otherwise a note saying why there is none. */
export function ContactSupportSection({ projectId, configured }: { projectId: string; configured: boolean | undefined }) {
  return (
    <HelpSection
      id="contact-support"
      title="Contact support"
      description="Your message is e-mailed to this installation's support address; replies come to your e-mail address."
    >
      {configured === undefined ? (
        <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading...
        </div>
      ) : configured ? (
        <ContactForm projectId={projectId} />
      ) : (
        <div className="flex items-start gap-2 rounded-lg border bg-muted px-3 py-2.5 text-sm">
          <Info aria-hidden="true" className="mt-px size-4 shrink-0 text-muted-foreground" />
          <p>{NOT_CONFIGURED_NOTE}</p>
        </div>
      )}
    </HelpSection>
  );
}
