// The app's keyboard shortcuts, declared once: the help page lists exactly these, and the places
// that implement them read their key from here (see hooks/use-keyboard-shortcut.ts).

export interface KeyboardShortcut {
  /** KeyboardEvent.key */
  key: string;
  /** Where it works. */
  where: string;
  description: string;
}

export const keyboardShortcuts = {
  help: { key: '?', where: 'Any project page', description: "Open the keyboard shortcuts on the project's Help & Support page" },
  searchProjects: { key: '/', where: 'Projects list', description: 'Focus the project search' },
} as const satisfies Record<string, KeyboardShortcut>;

/** The id of the help page's shortcuts section: `?` links to it. */
export const KEYBOARD_SHORTCUTS_SECTION_ID = 'keyboard-shortcuts';
