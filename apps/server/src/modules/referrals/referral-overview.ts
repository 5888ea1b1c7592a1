import { type ReferralsResponse, referralProgress } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { getProfile } from '../profiles/service.ts';
import { mayCreateExperienceCodes, toInvitationCodeDto } from './invitation-codes.ts';
import * as repo from './repo.ts';

/** The referral centre's data for one user: progress, link, history, rewards and codes. */
export async function referralOverview(db: DbOrTx, userId: string, publicUrl: string): Promise<ReferralsResponse> {
  const profile = await getProfile(db, userId);
  const [history, rewards, codes] = await Promise.all([
    repo.listReferralsOf(db, userId),
    repo.listReferralRewardsOf(db, userId),
    repo.listInvitationCodesOf(db, userId),
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
