// Query keys of the help page (STYLE.md: a key factory per entity).
export const supportKeys = {
  all: ['support'] as const,
  installationStatus: () => [...supportKeys.all, 'installation-status'] as const,
};
