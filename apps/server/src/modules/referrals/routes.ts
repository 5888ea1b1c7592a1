import {
  createInvitationCodeSchema,
  invitationCodeSchema,
  redeemInvitationCodeResponseSchema,
  redeemInvitationCodeSchema,
  referralsResponseSchema,
} from '@atelier/contracts';
import type { Database } from '../../platform/db/database.ts';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import { requireUser } from '../auth/require-user.ts';
import { createInvitationCode } from './invitation-codes.ts';
import { redeemExperienceCode } from './redeem-code.ts';
import { referralOverview } from './referral-overview.ts';

const getReferrals = apiRoute({
  method: 'get',
  path: '/',
  operationId: 'getReferrals',
  tag: 'referrals',
  access: 'user',
  summary: "The caller's referral progress, code, link, history, rewards and invitation codes",
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(referralsResponseSchema, 'The referral centre') },
});

const postInvitationCode = apiRoute({
  method: 'post',
  path: '/invitation-codes',
  operationId: 'createInvitationCode',
  tag: 'referrals',
  access: 'user',
  rateLimited: true,
  summary: 'Create an invitation code: experience_7day (Studio, 3 per month) or discount_new_user',
  middleware: [requireUser] as const,
  request: jsonBody(createInvitationCodeSchema),
  responses: {
    201: jsonContent(invitationCodeSchema, 'The new code'),
    403: errorResponse('Experience codes are for Studio subscribers, or a request from another site (FORBIDDEN)'),
    429: errorResponse('Monthly experience-code cap reached, or too many requests (RATE_LIMITED)'),
  },
});

const postRedeem = apiRoute({
  method: 'post',
  path: '/redeem',
  operationId: 'redeemExperienceCode',
  tag: 'referrals',
  access: 'user',
  summary: 'Redeem an experience code: seven days of Studio for a new free account (ADR 0009)',
  middleware: [requireUser] as const,
  request: jsonBody(redeemInvitationCodeSchema),
  responses: {
    200: jsonContent(redeemInvitationCodeResponseSchema, 'The experience pass'),
    403: errorResponse(
      'Not eligible: own code, not free, account too old, redeemed before; or a request from another site (FORBIDDEN)',
    ),
    404: errorResponse('No such experience code (NOT_FOUND)'),
    409: errorResponse('The code has expired or is used up (CONFLICT)'),
  },
});

export function referralRoutes({ db, publicUrl }: { db: Database; publicUrl: string }) {
  return createApiRouter()
    .openapi(getReferrals, async (c) => c.json(await referralOverview(db, c.var.user.id, publicUrl), 200))
    .openapi(postInvitationCode, async (c) =>
      c.json(await createInvitationCode(db, c.var.user.id, c.req.valid('json').codeType), 201),
    )
    .openapi(postRedeem, async (c) =>
      c.json(await redeemExperienceCode(db, c.var.user.id, c.req.valid('json').code), 200),
    );
}
