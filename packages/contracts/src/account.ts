/** Account rules (platform.md §5, §9). */
export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const FREE_PLAN_CREDITS = 30;
export const DELETE_ACCOUNT_PHRASES = {
  en: 'DELETE MY ACCOUNT',
  ja: 'DELETE MY ACCOUNT',
  'zh-CN': '删除我的账户',
  'zh-TW': '刪除我的帳戶',
} as const;
/** Failed sign-ins: 5 in a 60-minute window, then a 15-minute block. */
export const SIGN_IN_MAX_FAILURES = 5;
export const RATE_LIMIT_WINDOW_MINUTES = 60;
export const RATE_LIMIT_BLOCK_MINUTES = 15;
