import { z } from 'zod';
import { opaqueText } from './text-fields.ts';

// Session security and the security centre. The server enforces
// every limit here; the page uses the same numbers to show and report.

/** Inactivity timeout: default 30 minutes, settable 5–480. */
export const INACTIVITY_TIMEOUT_DEFAULT_MINUTES = 30;
export const INACTIVITY_TIMEOUT_MIN_MINUTES = 5;
export const INACTIVITY_TIMEOUT_MAX_MINUTES = 480;
/** A fourth sign-in ends the oldest session. */
export const MAX_CONCURRENT_SESSIONS = 3;
/** The page checks its session (a heartbeat) this often. */
export const SESSION_CHECK_INTERVAL_SECONDS = 60;
/** The timeout warning appears when this much or less is left, and is refreshed this often. */
export const SESSION_WARNING_THRESHOLD_SECONDS = 5 * 60;
export const SESSION_WARNING_REFRESH_SECONDS = 30;
/** Last activity is written at most this often per session, so busy sessions cost few writes. */
export const SESSION_ACTIVITY_WRITE_INTERVAL_SECONDS = 60;
/** More device-fingerprint mismatches than this end the session. */
export const MAX_FINGERPRINT_MISMATCHES = 3;
/** Of resolution, language and colour depth, at most this many may differ (a new monitor…). */
export const FINGERPRINT_SOFT_DIFFERENCES_ALLOWED = 1;

export const SECURITY_EVENTS_DEFAULT_LIMIT = 50;
export const SECURITY_EVENTS_MAX_LIMIT = 100;
/** Metrics count the events of this many recent days, so old incidents stop lowering the score. */
export const SECURITY_METRICS_WINDOW_DAYS = 30;

/** Security score: 100 minus these weights per event, floored at 0. */
export const SECURITY_SCORE_WEIGHTS = { failedLogins: 2, suspiciousActivities: 5, rateLimitViolations: 1 } as const;
export const SECURITY_SCORE_EXCELLENT = 90;
export const SECURITY_SCORE_GOOD = 70;
/** Badges turn high/medium above these counts. */
export const SECURITY_BADGE_THRESHOLDS = { failedLogins: 5, suspiciousActivities: 3, rateLimitViolations: 10 } as const;
/** Alerts appear above these counts. */
export const SECURITY_ALERT_THRESHOLDS = { failedLogins: 3, suspiciousActivities: 2, rateLimitViolations: 5 } as const;
/** Threat Events show at most this many detail fields, each cut at this many characters. */
export const SECURITY_EVENT_DETAIL_FIELDS = 3;
export const SECURITY_EVENT_DETAIL_MAX_CHARS = 50;

/** File types the tools accept (shown on /security). */
export const ALLOWED_IMAGE_TYPES = ['JPEG/JPG', 'PNG', 'WebP', 'GIF'] as const;

/** Event types the metrics count in each group. */
export const FAILED_LOGIN_EVENT_TYPES = ['failed_login'] as const;
export const SUSPICIOUS_EVENT_TYPES = [
  'device_fingerprint_mismatch',
  'suspicious_activity',
  'suspicious_request_burst',
  'suspicious_unusual_hours',
  'suspicious_failed_logins',
  'suspicious_location_change',
  'suspicious_input_pattern',
] as const;
export type SuspiciousEventType = (typeof SUSPICIOUS_EVENT_TYPES)[number];

/**
 * Suspicious patterns, below. Each becomes one security event
 * of the matching SUSPICIOUS_EVENT_TYPES type while the user has detection turned on.
 */
/** More authenticated requests than this from one session in one window… */
export const SUSPICIOUS_REQUESTS_PER_WINDOW = 50;
export const SUSPICIOUS_REQUEST_WINDOW_MINUTES = 1;
/** Activity from this hour (inclusive) until the next morning's end hour (exclusive), local time. */
export const UNUSUAL_HOURS_START = 22;
export const UNUSUAL_HOURS_END = 6;
/**
 * One unusual-hours event per session per night: a night is at most 8 hours, so a 12-hour
 * quiet period covers it without swallowing the next night.
 */
export const UNUSUAL_HOURS_EVENT_QUIET_MINUTES = 12 * 60;
/** More failed sign-ins than this within the rate-limit window. */
export const SUSPICIOUS_FAILED_LOGINS = 3;
/** More keystrokes than this between two heartbeats, with no mouse movement at all. */
export const SUSPICIOUS_KEYSTROKES_WITHOUT_MOUSE = 100;

/** The hour (0–23) at `at` in an IANA timezone; null when the timezone is unknown. */
export function localHour(at: Date, timeZone: string): number | null {
  try {
    const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at);
    return Number(hour);
  } catch {
    return null;
  }
}

/** Before 06:00 or from 22:00 on, in the user's timezone. An unknown timezone is not unusual. */
export function isUnusualHour(at: Date, timeZone: string): boolean {
  const hour = localHour(at, timeZone);
  return hour !== null && (hour >= UNUSUAL_HOURS_START || hour < UNUSUAL_HOURS_END);
}

/** Typing with no mouse movement at all, at a rate a script would (or a stolen session replayed). */
export const isScriptedInput = (input: { keystrokes: number; mouseMoves: number }) =>
  input.keystrokes > SUSPICIOUS_KEYSTROKES_WITHOUT_MOUSE && input.mouseMoves === 0;

/** The request whose count first goes over the limit: exactly once per window. */
export const isRequestBurstStart = (requestsInWindow: number) =>
  requestsInWindow === SUSPICIOUS_REQUESTS_PER_WINDOW + 1;

/** The failure whose count first goes over the limit: exactly once per window. */
export const isFailedLoginBurstStart = (failuresInWindow: number) => failuresInWindow === SUSPICIOUS_FAILED_LOGINS + 1;
export const RATE_LIMIT_EVENT_TYPES = ['sign_in_blocked', 'rate_limited'] as const;

export const deviceFingerprintSchema = z
  .object({
    userAgent: opaqueText().max(512),
    screenResolution: opaqueText().max(32),
    colorDepth: z.number().int().min(0).max(128),
    timezone: opaqueText().max(64),
    language: opaqueText().max(35),
    platform: opaqueText().max(64),
    hardwareConcurrency: z.number().int().min(0).max(1024),
  })
  .meta({ id: 'DeviceFingerprint' });
export type DeviceFingerprint = z.infer<typeof deviceFingerprintSchema>;

/**
 * The spec's match rule: user agent, platform and timezone must match; of resolution,
 * language and colour depth at most one may differ. Hardware concurrency is reported but not
 * compared (browsers may round or cap it).
 */
export function fingerprintsMatch(known: DeviceFingerprint, reported: DeviceFingerprint): boolean {
  if (known.userAgent !== reported.userAgent) return false;
  if (known.platform !== reported.platform) return false;
  if (known.timezone !== reported.timezone) return false;
  const soft = [
    known.screenResolution !== reported.screenResolution,
    known.language !== reported.language,
    known.colorDepth !== reported.colorDepth,
  ].filter(Boolean).length;
  return soft <= FINGERPRINT_SOFT_DIFFERENCES_ALLOWED;
}

export const securitySettingsSchema = z
  .object({
    inactivityTimeoutMinutes: z.number().int(),
    enableDeviceFingerprinting: z.boolean(),
    enableSuspiciousActivityDetection: z.boolean(),
    securityMonitoring: z.boolean(),
    /** Fixed by the server; here so the page can show them. */
    maxConcurrentSessions: z.number().int(),
    sessionValidationIntervalSeconds: z.number().int(),
    hasPassword: z
      .boolean()
      .describe(
        'Whether the account has a password. An account made with Sign in with Apple has none until it sets ' +
          'one through a reset link; until then changing the password answers PASSWORD_NOT_SET.',
      ),
  })
  .meta({ id: 'SecuritySettings' });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const updateSecuritySettingsSchema = z
  .object({
    inactivityTimeoutMinutes: z.number().int().min(INACTIVITY_TIMEOUT_MIN_MINUTES).max(INACTIVITY_TIMEOUT_MAX_MINUTES),
    enableDeviceFingerprinting: z.boolean(),
    enableSuspiciousActivityDetection: z.boolean(),
    securityMonitoring: z.boolean(),
  })
  .partial()
  // A misspelt setting is refused (unknown_field), not silently left as it was.
  .strict()
  .meta({ id: 'UpdateSecuritySettingsRequest' });
export type UpdateSecuritySettings = z.infer<typeof updateSecuritySettingsSchema>;

export const securityEventSchema = z
  .object({
    id: z.string(),
    eventType: z.string(),
    severity: z.string(),
    details: z.record(z.string(), z.unknown()),
    userAgent: z.string().nullable(),
    sessionId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEventDto = z.infer<typeof securityEventSchema>;
export const securityEventsResponseSchema = z
  .object({ events: z.array(securityEventSchema) })
  .meta({ id: 'SecurityEventList' });

export const securityMetricsSchema = z
  .object({
    failedLogins: z.number().int(),
    suspiciousActivities: z.number().int(),
    rateLimitViolations: z.number().int(),
    lastSecurityEvent: z.string().nullable(),
    score: z.number().int(),
  })
  .meta({ id: 'SecurityMetrics' });
export type SecurityMetrics = z.infer<typeof securityMetricsSchema>;
type MetricCounts = Pick<SecurityMetrics, 'failedLogins' | 'suspiciousActivities' | 'rateLimitViolations'>;

export function securityScore(m: MetricCounts): number {
  const w = SECURITY_SCORE_WEIGHTS;
  const penalty =
    m.failedLogins * w.failedLogins +
    m.suspiciousActivities * w.suspiciousActivities +
    m.rateLimitViolations * w.rateLimitViolations;
  return Math.max(0, 100 - penalty);
}

export type SecurityScoreLabel = 'excellent' | 'good' | 'needsAttention';
export function securityScoreLabel(score: number): SecurityScoreLabel {
  if (score >= SECURITY_SCORE_EXCELLENT) return 'excellent';
  if (score >= SECURITY_SCORE_GOOD) return 'good';
  return 'needsAttention';
}

export type SecurityMetricKey = keyof MetricCounts;
export const SECURITY_METRIC_KEYS: SecurityMetricKey[] = [
  'failedLogins',
  'suspiciousActivities',
  'rateLimitViolations',
];
/** The level of each badge and alert: rate violations only reach medium. */
const METRIC_LEVEL: Record<SecurityMetricKey, 'high' | 'medium'> = {
  failedLogins: 'high',
  suspiciousActivities: 'high',
  rateLimitViolations: 'medium',
};

/** A metric's badge: its level when above the badge threshold, otherwise low. */
export function securityBadge(key: SecurityMetricKey, m: MetricCounts): 'high' | 'medium' | 'low' {
  return m[key] > SECURITY_BADGE_THRESHOLDS[key] ? METRIC_LEVEL[key] : 'low';
}

/** The alerts to show: each metric above its alert threshold, with its level. */
export function securityAlerts(m: MetricCounts): { key: SecurityMetricKey; level: 'high' | 'medium' }[] {
  return SECURITY_METRIC_KEYS.filter((key) => m[key] > SECURITY_ALERT_THRESHOLDS[key]).map((key) => ({
    key,
    level: METRIC_LEVEL[key],
  }));
}

/** The current session's state as the server sees it. */
export const sessionStateSchema = z
  .object({
    isValid: z.boolean(),
    sessionId: z.string(),
    lastActivity: z.string(),
    /** When the session ends unless there is activity. */
    expiresAt: z.string(),
    remainingSeconds: z.number().int(),
    inactivityTimeoutMinutes: z.number().int(),
    suspiciousActivityCount: z.number().int(),
  })
  .meta({ id: 'SessionState', description: 'The current session as the server sees it.' });
export type SessionState = z.infer<typeof sessionStateSchema>;

export const heartbeatSchema = z
  .object({
    /** Whether the person used the page since the last heartbeat; a background check is not activity. */
    active: z.boolean(),
    fingerprint: deviceFingerprintSchema.optional(),
    /** Key presses and mouse movements since the last heartbeat: counts only, never which keys. */
    keystrokes: z.number().int().min(0).max(1_000_000).optional(),
    mouseMoves: z.number().int().min(0).max(1_000_000).optional(),
  })
  .meta({ id: 'Heartbeat' });
export type Heartbeat = z.infer<typeof heartbeatSchema>;

export const sessionInfoSchema = z
  .object({
    id: z.string(),
    current: z.boolean(),
    createdAt: z.string(),
    lastActivity: z.string(),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
  })
  .meta({ id: 'SessionInfo', description: 'A signed-in session of the caller.' });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) }).meta({ id: 'SessionList' });

/**
 * Rate-limit rows (sign-in, runs, likes, per-session pattern checks …) idle this long, and not
 * blocking, are deleted. Longer than any rule's window or block (the limiter refuses a rule
 * that is not), so pruning never forgets an attempt that still counts.
 */
export const RATE_LIMIT_ROW_RETENTION_MINUTES = 24 * 60;
/** How often each server process prunes them (the delete is idempotent across processes). */
export const RATE_LIMIT_PRUNE_INTERVAL_MINUTES = 60;
