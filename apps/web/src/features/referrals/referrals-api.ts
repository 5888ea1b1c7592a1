import type { InvitationCodeType } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../lib/api-client.ts';

/** /api/referrals for the referral centre and the profile's referral section. */
export const referralsApi = {
  overview: () => call(api.GET('/referrals')),
  createCode: (codeType: InvitationCodeType) => call(api.POST('/referrals/invitation-codes', { body: { codeType } })),
  redeem: (code: string) => call(api.POST('/referrals/redeem', { body: { code } })),
};

export const REFERRALS_QUERY_KEY = ['referrals'] as const;

export const useReferrals = () => useQuery({ queryKey: REFERRALS_QUERY_KEY, queryFn: referralsApi.overview });
