/**
 * Upper bounds of what a user may send, set once: every string in a request has a
 * maximum length, so an oversized field is refused (400 VALIDATION_ERROR naming it) before it
 * costs a credit, a row or a file. Plain constants, so the SPA can use them without zod.
 */

/** Prompts and negative prompts: what an artwork keeps of them (the gallery shows the prompt). */
export const PROMPT_MAX_LENGTH = 4000;
/** An e-mail address (RFC 5321's limit on a forward path). */
export const EMAIL_MAX_LENGTH = 254;
/** Passwords: long passphrases are welcome; the hash costs time per character beyond this. */
export const PASSWORD_MAX_LENGTH = 128;
/** The display name given at sign-up. */
export const DISPLAY_NAME_MAX_LENGTH = 100;
/** What the username field takes before trimming (the username itself is at most 20). */
export const USERNAME_INPUT_MAX_LENGTH = 64;
/** Option names and values picked from a list (a style, a substyle). */
export const OPTION_NAME_MAX_LENGTH = 64;
/** Invitation, discount and experience codes as a person types them (they are 8 characters). */
export const CODE_MAX_LENGTH = 32;
/** Why something failed, as a client reports it (kept for diagnosis). */
export const REASON_MAX_LENGTH = 500;
/** Opaque page cursors handed out by the list endpoints. */
export const CURSOR_MAX_LENGTH = 200;
/** Ids a client echoes back: sessions, a payment provider's checkout sessions. */
export const ID_MAX_LENGTH = 255;
/** Tokens from e-mailed links (password reset, e-mail verification). */
export const TOKEN_MAX_LENGTH = 2048;
/** Callback and redirect addresses (same-site paths or PUBLIC_URL addresses). */
export const URL_MAX_LENGTH = 2048;
/** An ISO 8601 date and time with an offset and fractions of a second: `2026-11-27T18:45:09.123+09:00`. */
export const DATETIME_MAX_LENGTH = 40;
/** Images in one batch (`POST /api/tools/{tool}/batches`): each becomes one run. */
export const BATCH_MAX_IMAGES = 50;
/** Personal API keys a user may hold at once. */
export const API_KEYS_PER_USER = 10;
/** The name a person gives an API key. */
export const API_KEY_NAME_MAX_LENGTH = 64;
/** How long a rolled key keeps working beside its successor by default (Stripe's default: none; ours: a day). */
export const API_KEY_ROLL_OVERLAP_DEFAULT_SECONDS = 24 * 60 * 60;
/**
 * After a webhook-secret rotation, deliveries carry a signature with the previous secret too
 * (Standard Webhooks allows several `v1` signatures) for this long: a day, the longest a
 * delivery is retried, so a receiver has until every in-flight retry has ended to switch.
 */
export const WEBHOOK_SECRET_OVERLAP_SECONDS = 24 * 60 * 60;
/** The longest overlap a roll may ask for: a week. */
export const API_KEY_ROLL_OVERLAP_MAX_SECONDS = 7 * 24 * 60 * 60;
/**
 * Every request body that is not an image upload (JSON, forms, provider webhooks): larger ones
 * are refused (413 PAYLOAD_TOO_LARGE) before they are read, so a huge body costs no memory.
 * The largest honest one — a prompt and a negative prompt at their limits — is under 50 kB.
 * Uploads (multipart/form-data) have their own limits, set where they are taken.
 */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;
