import type {
  InvitationCode,
  InvitationCodeType,
  RedeemInvitationCodeResponse,
  ReferralsResponse,
} from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, postJson } from '../../lib/api-client.ts';

/** /api/referrals for the referral centre and the profile's referral section. */
export const referralsApi = {
  overview: () => apiFetch<ReferralsResponse>('/api/referrals'),
  createCode: (codeType: InvitationCodeType) =>
    apiFetch<InvitationCode>('/api/referrals/invitation-codes', postJson({ codeType })),
  redeem: (code: string) => apiFetch<RedeemInvitationCodeResponse>('/api/referrals/redeem', postJson({ code })),
};

export const REFERRALS_QUERY_KEY = ['referrals'] as const;

export const useReferrals = () => useQuery({ queryKey: REFERRALS_QUERY_KEY, queryFn: referralsApi.overview });
