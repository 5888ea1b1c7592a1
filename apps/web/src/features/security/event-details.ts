import { SECURITY_EVENT_DETAIL_FIELDS, SECURITY_EVENT_DETAIL_MAX_CHARS } from '@atelier/contracts';

/**
 * The detail fields a Threat Events row shows: at most three, each value cut
 * at 50 characters, so a long user agent cannot take over the list.
 */
export function eventDetailFields(details: Record<string, unknown>): [string, string][] {
  return Object.entries(details)
    .slice(0, SECURITY_EVENT_DETAIL_FIELDS)
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const cut = text.length > SECURITY_EVENT_DETAIL_MAX_CHARS;
      return [key, cut ? `${text.slice(0, SECURITY_EVENT_DETAIL_MAX_CHARS)}…` : text];
    });
}
