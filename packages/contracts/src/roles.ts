/** An account's role: `admin` for the people who run this Atelier (the console), else `user`. */
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
