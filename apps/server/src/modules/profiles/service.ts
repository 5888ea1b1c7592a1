import { randomBytes } from 'node:crypto';
import {
  FREE_PLAN_CREDITS,
  isLanguage,
  type Language,
  type ProfileDto,
  type UpdateProfileInput,
} from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import {
  artworks,
  authUsers,
  batches,
  billingCustomers,
  creditLedger,
  orders,
  type Profile,
  profiles,
  rateLimits,
  runs,
  securityEvents,
  subscriptions,
} from '../../platform/db/schema/index.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { artworkFolder } from '../artworks/artwork-keys.ts';
import { signInAccountKey } from '../auth/auth-limits.ts';
import { grantCredits } from '../credits/service.ts';
import { userRunsFolder } from '../runs/storage-keys.ts';
import { normalizeAvatar } from './avatar-image.ts';
import { newReferralCode } from './referral-code.ts';
import { findProfile, insertProfile, updateProfileRow } from './repo.ts';

/** Public URLs of stored files start with this; the rest is the storage key. */
export const FILES_URL_PREFIX = '/files/';
const AVATAR_KEY_PREFIX = 'avatars/';

export function toProfileDto(profile: Profile): ProfileDto {
  return {
    userId: profile.userId,
    email: profile.email,
    username: profile.username,
    avatarUrl: profile.avatarUrl,
    credits: profile.credits,
    subscriptionType: profile.subscriptionType,
    referralCode: profile.referralCode,
    language: isLanguage(profile.language) ? profile.language : 'en',
    role: profile.role,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}

/**
 * Creates the profile of a new user with the Free plan's credits. Called inside the
 * transaction that creates the auth user, so either both exist or neither does.
 */
export async function createProfile(
  tx: DbOrTx,
  user: { userId: string; email: string; language: Language; claimedAt?: Date | null },
): Promise<Profile> {
  // A referral-code collision is astronomically rare; ON CONFLICT DO NOTHING lets us retry
  // without aborting the surrounding transaction.
  for (let attempt = 0; attempt < 5; attempt++) {
    const profile = await insertProfile(tx, { ...user, referralCode: newReferralCode() });
    if (!profile) continue;
    const { balance } = await grantCredits(tx, {
      userId: user.userId,
      amount: FREE_PLAN_CREDITS,
      reason: 'signup',
      idempotencyKey: `signup:${user.userId}`,
    });
    return { ...profile, credits: balance };
  }
  throw new Error('Could not find a free referral code');
}

export async function getProfile(db: DbOrTx, userId: string): Promise<Profile> {
  const profile = await findProfile(db, userId);
  if (!profile) throw notFound('Profile');
  return profile;
}

export async function updateProfile(
  db: DbOrTx,
  userId: string,
  input: UpdateProfileInput & { username?: string | null },
) {
  const changes: { username?: string | null; language?: Language } = {};
  if (input.username !== undefined) changes.username = input.username;
  if (input.language !== undefined) changes.language = input.language;
  if (Object.keys(changes).length === 0) return getProfile(db, userId);
  try {
    const profile = await updateProfileRow(db, userId, changes);
    if (!profile) throw notFound('Profile');
    return profile;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('USERNAME_TAKEN', 'This username is already taken. Please choose another one.');
    }
    throw error;
  }
}

const avatarKeyOf = (avatarUrl: string | null) =>
  avatarUrl?.startsWith(FILES_URL_PREFIX + AVATAR_KEY_PREFIX) ? avatarUrl.slice(FILES_URL_PREFIX.length) : null;

/**
 * Stores a new avatar under a fresh random key (so browsers and caches never show a stale
 * one), points the profile at it, then removes the previous file.
 */
export async function setAvatar(db: Database, storage: Storage, userId: string, upload: Buffer): Promise<Profile> {
  const image = await normalizeAvatar(upload);
  const previous = await getProfile(db, userId);
  const key = `${AVATAR_KEY_PREFIX}${userId}/${randomBytes(12).toString('hex')}.webp`;
  await storage.put(key, image, 'image/webp');
  const profile = await updateProfileRow(db, userId, { avatarUrl: FILES_URL_PREFIX + key });
  if (!profile) {
    await storage.delete(key);
    throw notFound('Profile');
  }
  const oldKey = avatarKeyOf(previous.avatarUrl);
  if (oldKey) await storage.delete(oldKey);
  return profile;
}

export async function removeAvatar(db: Database, storage: Storage, userId: string): Promise<Profile> {
  const previous = await getProfile(db, userId);
  const profile = await updateProfileRow(db, userId, { avatarUrl: null });
  const oldKey = avatarKeyOf(previous.avatarUrl);
  if (oldKey) await storage.delete(oldKey);
  return profile ?? previous;
}

/**
 * Deletes an account: every row of the user — the auth user (its sessions and sign-in methods
 * go with it through ON DELETE CASCADE), the profile (artworks, likes and referral rows go with
 * it the same way), runs, billing records, the credit ledger, security events and sign-in
 * counters — in one transaction; then every stored file of the user: run inputs and outputs,
 * artwork images and the avatar. Files go after the commit, so a failed deletion loses nothing.
 */
export async function deleteAccount(db: Database, storage: Storage, userId: string): Promise<void> {
  const profile = await getProfile(db, userId);
  const ownArtworks = await db.select({ id: artworks.id }).from(artworks).where(eq(artworks.userId, userId));
  await db.transaction(async (tx) => {
    await tx.delete(runs).where(eq(runs.userId, userId));
    await tx.delete(batches).where(eq(batches.userId, userId));
    await tx.delete(orders).where(eq(orders.userId, userId));
    await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
    await tx.delete(billingCustomers).where(eq(billingCustomers.userId, userId));
    await tx.delete(creditLedger).where(eq(creditLedger.userId, userId));
    await tx.delete(securityEvents).where(eq(securityEvents.userId, userId));
    await tx.delete(rateLimits).where(eq(rateLimits.key, signInAccountKey(profile.email)));
    await tx.delete(profiles).where(eq(profiles.userId, userId));
    await tx.delete(authUsers).where(eq(authUsers.id, userId));
  });
  await storage.deleteFolder(userRunsFolder(userId));
  for (const artwork of ownArtworks) await storage.deleteFolder(artworkFolder(artwork.id).replace(/\/$/, ''));
  const avatarKey = avatarKeyOf(profile.avatarUrl);
  if (avatarKey) await storage.delete(avatarKey);
}
