// What other features and the layout use of teams: the workspace's team and the list of teams.
export { teamsQuery, useWorkspaceTeam } from './workspace-team.ts';
