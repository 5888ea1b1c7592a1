import { PREFER_WAIT_MAX_SECONDS } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { preferredWaitSeconds } from './prefer-wait.ts';

describe('preferredWaitSeconds', () => {
  it('reads wait=N among other preferences, in any case, quoted or not', () => {
    expect(preferredWaitSeconds('wait=10')).toBe(10);
    expect(preferredWaitSeconds('return=representation, Wait=5')).toBe(5);
    expect(preferredWaitSeconds('wait="7"')).toBe(7);
    expect(preferredWaitSeconds('wait=0')).toBe(0);
  });

  it('waits at most the longest the server holds an answer', () => {
    expect(preferredWaitSeconds('wait=3600')).toBe(PREFER_WAIT_MAX_SECONDS);
  });

  it('does not wait without a wait preference, with a malformed one, or when asked to answer at once', () => {
    expect(preferredWaitSeconds(undefined)).toBeUndefined();
    expect(preferredWaitSeconds('return=minimal')).toBeUndefined();
    expect(preferredWaitSeconds('wait=soon')).toBeUndefined();
    expect(preferredWaitSeconds('wait=-1')).toBeUndefined();
    expect(preferredWaitSeconds('respond-async, wait=10')).toBeUndefined();
  });
});

describe('preferredWaitSeconds with a default (Accept: image/… waits unasked)', () => {
  it('takes the default when nothing is said, and never over respond-async', () => {
    expect(preferredWaitSeconds(undefined, PREFER_WAIT_MAX_SECONDS)).toBe(PREFER_WAIT_MAX_SECONDS);
    expect(preferredWaitSeconds('return=minimal', PREFER_WAIT_MAX_SECONDS)).toBe(PREFER_WAIT_MAX_SECONDS);
    expect(preferredWaitSeconds('wait=5', PREFER_WAIT_MAX_SECONDS)).toBe(5);
    expect(preferredWaitSeconds('respond-async', PREFER_WAIT_MAX_SECONDS)).toBeUndefined();
  });
});
