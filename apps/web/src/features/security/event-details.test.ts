import { describe, expect, it } from 'vitest';
import { eventDetailFields } from './event-details.ts';

describe('eventDetailFields', () => {
  it('shows at most three fields, each cut at 50 characters', () => {
    const long = 'x'.repeat(80);
    const fields = eventDetailFields({ reason: long, mismatches: 2, fields: 'timezone', extra: 'hidden' });
    expect(fields).toEqual([
      ['reason', `${'x'.repeat(50)}…`],
      ['mismatches', '2'],
      ['fields', 'timezone'],
    ]);
  });
});
