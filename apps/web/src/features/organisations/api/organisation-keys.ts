// Query keys of the organisation's data (STYLE.md: a key factory per entity). Keys carry the
// organisation's id, so joining or leaving one never shows another's cached lists.
export const organisationKeys = {
  all: ['organisation'] as const,
  detail: (organisationId: string) => [...organisationKeys.all, organisationId] as const,
  members: (organisationId: string) => [...organisationKeys.detail(organisationId), 'members'] as const,
  invitations: (organisationId: string) => [...organisationKeys.detail(organisationId), 'invitations'] as const,
};
