import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

import { Input } from '../../../components/ui/input';
import { keyboardShortcuts } from '../../../config/keyboard-shortcuts';
import { useKeyboardShortcut } from '../../../hooks/use-keyboard-shortcut';

export const SEARCH_DEBOUNCE_MS = 300;

/** A search field that reports what was typed once typing pauses for SEARCH_DEBOUNCE_MS. */
export function ProjectSearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useKeyboardShortcut(keyboardShortcuts.searchProjects.key, () => inputRef.current?.focus());

  // The address changed (back button, a link): show what it says.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        Search projects
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        ref={inputRef}
        id={id}
        type="search"
        aria-keyshortcuts={keyboardShortcuts.searchProjects.key}
        value={text}
        maxLength={200}
        placeholder="Search by name, description or identifier"
        className="pl-9"
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
