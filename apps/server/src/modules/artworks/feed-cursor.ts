import { AppError } from '../../platform/http/app-error.ts';
import type { FeedCursor } from './repo.ts';

// A cursor is opaque to clients: base64url of "<created_at UTC, microseconds>|<id>".
const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCursor(cursor: FeedCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(text: string | undefined): FeedCursor | null {
  if (!text) return null;
  const match = CURSOR.exec(Buffer.from(text, 'base64url').toString());
  if (!match) throw new AppError('VALIDATION_ERROR', 'Invalid cursor', { fields: { cursor: 'Invalid cursor' } });
  return { createdAt: match[1]!, id: match[2]! };
}
