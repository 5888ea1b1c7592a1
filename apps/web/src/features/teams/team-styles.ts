/** The look the team page's sections share: a bordered card and its heading. */
export const TEAM_CARD = 'rounded-2xl border border-zinc-200 p-5 sm:p-6 dark:border-zinc-800';
export const TEAM_H2 = 'text-lg font-semibold tracking-tight';
