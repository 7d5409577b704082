import { KEYBOARD_SHORTCUTS_SECTION_ID, keyboardShortcuts } from '../../../config/keyboard-shortcuts';
import { HelpSection } from './help-section';

export function KeyboardShortcutsSection() {
  return (
    <HelpSection
      id={KEYBOARD_SHORTCUTS_SECTION_ID}
      title="Keyboard shortcuts"
      description="They work whenever the focus is not in a text field."
    >
      <dl className="flex flex-col gap-3 text-sm">
        {Object.values(keyboardShortcuts).map((shortcut) => (
          <div key={shortcut.key} className="flex items-start gap-3">
            <dt className="shrink-0">
              <kbd className="inline-flex h-7 min-w-7 items-center justify-center rounded-md border bg-muted px-2 font-mono text-sm font-semibold shadow-xs">
                {shortcut.key}
              </kbd>
            </dt>
            <dd className="pt-1">
              {shortcut.description} <span className="text-muted-foreground">({shortcut.where})</span>
            </dd>
          </div>
        ))}
      </dl>
    </HelpSection>
  );
}
