import { CopyButton } from './copy-button';

interface CodeBlockProps {
  code: string;
  /** What the block holds, for its scroll region and its copy button: 'curl command'. */
  label: string;
  /** Shown in the block's header: 'Terminal', 'TypeScript'. */
  language: string;
  onCopied?: () => void;
}

/** A snippet with a copy button; long lines scroll inside the block, which keyboards can reach. */
export function CodeBlock({ code, label, language, onCopied }: CodeBlockProps) {
  return (
    <div className="overflow-hidden rounded-xl border bg-muted">
      <div className="flex items-center justify-between gap-2 border-b py-1 pr-1 pl-3">
        <span className="text-xs font-medium text-muted-foreground">{language}</span>
        <CopyButton text={code} label={`Copy ${label}`} variant="ghost" onCopied={onCopied} />
      </div>
      <pre tabIndex={0} role="region" aria-label={label} className="overflow-x-auto p-4 font-mono text-[13px] leading-relaxed outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset">
        <code>{code}</code>
      </pre>
    </div>
  );
}
