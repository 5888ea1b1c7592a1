import { type ReferralsResponse, referralProgress } from '@atelier/contracts';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { profiles, referralRewards, referrals } from '../../platform/db/schema/index.ts';
import { getProfile } from '../profiles/service.ts';
import { listInvitationCodes, mayCreateExperienceCodes, toInvitationCodeDto } from './invitation-codes.ts';

/** The referral centre's data for one user: progress, link, history, rewards and codes. */
export async function referralOverview(db: DbOrTx, userId: string, publicUrl: string): Promise<ReferralsResponse> {
  const profile = await getProfile(db, userId);
  const [history, rewards, codes] = await Promise.all([
    db
      .select({
        id: referrals.id,
        status: referrals.status,
        createdAt: referrals.createdAt,
        completedAt: referrals.completedAt,
        username: profiles.username,
        email: profiles.email,
      })
      .from(referrals)
      .innerJoin(profiles, eq(profiles.userId, referrals.referredId))
      .where(eq(referrals.referrerId, userId))
      .orderBy(desc(referrals.createdAt)),
    db.select().from(referralRewards).where(eq(referralRewards.userId, userId)).orderBy(referralRewards.createdAt),
    listInvitationCodes(db, userId),
  ]);
  const now = new Date();
  const link = new URL('/login', publicUrl);
  link.searchParams.set('ref', profile.referralCode);
  return {
    progress: referralProgress(profile.referralCount),
    referralCode: profile.referralCode,
    referralLink: link.toString(),
    // The friend's username, else the part of the e-mail before the @: never the full address.
    history: history.map((r) => ({
      id: r.id,
      referredName: r.username ?? r.email.split('@')[0] ?? '',
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
    })),
    rewards: rewards.map((r) => ({
      id: r.id,
      rewardType: r.rewardType,
      rewardValue: r.rewardValue,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
    invitationCodes: codes.map((row) => toInvitationCodeDto(row, now)),
    canCreateExperienceCodes: mayCreateExperienceCodes(profile.subscriptionType),
  };
}
