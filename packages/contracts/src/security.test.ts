import { describe, expect, it } from 'vitest';
import {
  type DeviceFingerprint,
  fingerprintsMatch,
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
