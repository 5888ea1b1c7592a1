import { describe, expect, it } from 'vitest';
import {
  type DeviceFingerprint,
  fingerprintsMatch,
  isFailedLoginBurstStart,
  isRequestBurstStart,
  isScriptedInput,
  isUnusualHour,
  SUSPICIOUS_REQUESTS_PER_WINDOW,
  securityAlerts,
  securityBadge,
  securityScore,
  securityScoreLabel,
} from './security.ts';

const device: DeviceFingerprint = {
  userAgent: 'UA',
  screenResolution: '1920x1080',
  colorDepth: 24,
  timezone: 'Asia/Taipei',
  language: 'zh-TW',
  platform: 'Win32',
  hardwareConcurrency: 8,
};

describe('device fingerprint rule', () => {
  it('needs user agent, platform and timezone to match', () => {
    expect(fingerprintsMatch(device, { ...device })).toBe(true);
    expect(fingerprintsMatch(device, { ...device, userAgent: 'other' })).toBe(false);
    expect(fingerprintsMatch(device, { ...device, platform: 'MacIntel' })).toBe(false);
    expect(fingerprintsMatch(device, { ...device, timezone: 'UTC' })).toBe(false);
  });

  it('allows one of resolution, language and colour depth to differ, not two', () => {
    expect(fingerprintsMatch(device, { ...device, screenResolution: '800x600' })).toBe(true);
    expect(fingerprintsMatch(device, { ...device, hardwareConcurrency: 4, language: 'en' })).toBe(true);
    expect(fingerprintsMatch(device, { ...device, language: 'en', colorDepth: 30 })).toBe(false);
  });
});

describe('security score', () => {
  it('takes 2 per failed login, 5 per suspicious activity and 1 per rate violation', () => {
    expect(securityScore({ failedLogins: 1, suspiciousActivities: 1, rateLimitViolations: 1 })).toBe(92);
    expect(securityScore({ failedLogins: 0, suspiciousActivities: 30, rateLimitViolations: 0 })).toBe(0);
  });

  it('labels 90+ Excellent, 70+ Good, else Needs Attention', () => {
    expect([90, 89, 70, 69].map(securityScoreLabel)).toEqual(['excellent', 'good', 'good', 'needsAttention']);
  });

  it('raises badges and alerts above their thresholds', () => {
    const calm = { failedLogins: 3, suspiciousActivities: 2, rateLimitViolations: 5 };
    expect(securityAlerts(calm)).toEqual([]);
    expect(securityBadge('failedLogins', calm)).toBe('low');
    const busy = { failedLogins: 6, suspiciousActivities: 4, rateLimitViolations: 11 };
    expect(securityAlerts(busy).map((a) => a.level)).toEqual(['high', 'high', 'medium']);
    expect(securityBadge('failedLogins', busy)).toBe('high');
    expect(securityBadge('rateLimitViolations', busy)).toBe('medium');
  });
});

describe('suspicious patterns', () => {
  const utc = (hour: number) => new Date(Date.UTC(2026, 0, 15, hour, 30));

  it('finds hours before 06:00 and from 22:00 in the given timezone', () => {
    expect([5, 6, 21, 22].map((h) => isUnusualHour(utc(h), 'UTC'))).toEqual([true, false, false, true]);
    // 12:30 UTC is 21:30 in Tokyo (usual) and 23:30 in Auckland's summer (unusual).
    expect(isUnusualHour(utc(12), 'Asia/Tokyo')).toBe(false);
    expect(isUnusualHour(utc(10), 'Pacific/Auckland')).toBe(true);
    expect(isUnusualHour(utc(3), 'Not/AZone')).toBe(false);
  });

  it('counts a burst once: the request or failure that first goes over the limit', () => {
    expect(
      [SUSPICIOUS_REQUESTS_PER_WINDOW, SUSPICIOUS_REQUESTS_PER_WINDOW + 1, SUSPICIOUS_REQUESTS_PER_WINDOW + 2].map(
        isRequestBurstStart,
      ),
    ).toEqual([false, true, false]);
    expect([3, 4, 5].map(isFailedLoginBurstStart)).toEqual([false, true, false]);
  });

  it('flags over 100 keystrokes only without any mouse movement', () => {
    expect(isScriptedInput({ keystrokes: 101, mouseMoves: 0 })).toBe(true);
    expect(isScriptedInput({ keystrokes: 100, mouseMoves: 0 })).toBe(false);
    expect(isScriptedInput({ keystrokes: 500, mouseMoves: 1 })).toBe(false);
  });
});
