/**
 * The security events a team's actions record, for the people involved, each with the team's id
 * in its details. The admin console's audit of a team reads exactly these types, which lets it
 * use the index on event type rather than scan every event's details.
 */
export const TEAM_EVENT_TYPES = [
  'team_created',
  'team_invitation_sent',
  'team_invitation_revoked',
  'team_joined',
  'team_member_joined',
  'team_left',
  'team_member_removed',
  'team_role_changed',
  'team_member_cap_changed',
  'team_funded',
  'team_renewal_changed',
  'team_deleted',
] as const;
export type TeamEventType = (typeof TEAM_EVENT_TYPES)[number];
