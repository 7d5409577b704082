// Query keys of an invitation as its invitee sees it, by the link's code or by its id.
export const invitationKeys = {
  all: ['invitation'] as const,
  byCode: (code: string) => [...invitationKeys.all, 'code', code] as const,
  detail: (invitationId: string) => [...invitationKeys.all, 'id', invitationId] as const,
};
