// What other features use of the profile: the query key that a change to the account refreshes.
export { PROFILE_QUERY_KEY } from './profile-api.ts';
