// docs/product/rules-and-messages.md#errors: the toasts of a project that failed to load.
export const projectNotFoundMessage = (identifier: string) => `Project with identifier "${identifier}" not found`;
export const PROJECT_LOAD_FAILED = 'Failed to load project';
