import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { type Profile, profiles } from '../../platform/db/schema/index.ts';

/** SQL of the profiles table; rules live in service.ts. */

export async function findProfile(db: DbOrTx, userId: string): Promise<Profile | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** Case-insensitive, like the unique index on lower(username). */
export async function findProfileByUsername(db: DbOrTx, username: string): Promise<Profile | undefined> {
  const [row] = await db.select().from(profiles).where(sql`lower(${profiles.username}) = lower(${username})`);
  return row;
}

/** Inserts a profile unless its referral code is taken; returns undefined on that collision. */
export async function insertProfile(
  db: DbOrTx,
  values: { userId: string; email: string; language: string; referralCode: string; claimedAt?: Date | null },
): Promise<Profile | undefined> {
  const [row] = await db
    .insert(profiles)
    .values(values)
    .onConflictDoNothing({ target: profiles.referralCode })
    .returning();
  return row;
}

export async function updateProfileRow(
  db: DbOrTx,
  userId: string,
  changes: Partial<Pick<Profile, 'username' | 'language' | 'avatarUrl'>>,
): Promise<Profile | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.userId, userId))
    .returning();
  return row;
}
