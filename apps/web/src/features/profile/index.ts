// What other features use of the profile: the account's one query, and its key, which a change
// to the account (credits, plan) refreshes.
export { type Me, meQuery, PROFILE_QUERY_KEY } from './profile-api.ts';
