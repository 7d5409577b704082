// Query keys of the billing page (STYLE.md: a key factory per entity). Usage belongs to the
// organisation, not to the project in the address: every project's billing page shares it.
export const billingKeys = {
  all: ['billing'] as const,
  usage: (organisationId: string) => [...billingKeys.all, organisationId, 'usage'] as const,
};
