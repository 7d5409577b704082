import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/button';
import { notify } from '../../../lib/notify';
import { cn } from '../../../utils/cn';
import { copyToClipboard } from './copy-to-clipboard';

const COPIED_FOR_MS = 2000;

interface CopyButtonProps {
  text: string;
  /** The accessible name, saying what is copied: 'Copy ingestion key Default'. */
  label: string;
  /** Called after a successful copy (a snippet makes a fresh sample event). */
  onCopied?: () => void;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Copies `text`, says 'Copied' for two seconds (also to screen readers), and toasts when it cannot. */
export function CopyButton({ text, label, onCopied, variant = 'outline', size = 'sm', className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyToClipboard(text);
      setCopied(true);
      onCopied?.();
    } catch {
      notify.error('Could not copy. Select the text and copy it by hand.');
    }
  };

  return (
    <>
      <Button variant={variant} size={size} aria-label={label} className={cn('gap-1.5', className)} onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" className="size-4 text-success" /> : <Copy aria-hidden="true" className="size-4" />}
        {/* Icon only on a phone: the text beside it needs the width more. */}
        {size !== 'icon' && (
          <span aria-hidden="true" className="max-sm:hidden">
            {copied ? 'Copied' : 'Copy'}
          </span>
        )}
      </Button>
      <span role="status" className="sr-only">
        {copied ? 'Copied' : ''}
      </span>
    </>
  );
}
