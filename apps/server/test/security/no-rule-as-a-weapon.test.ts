import { randomUUID } from 'node:crypto';
import {
  type InvitationCode,
  type ReferralsResponse,
  SIGN_UPS_PER_DOMAIN_PER_WINDOW,
  type Team,
} from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import * as teamsRepo from '../../src/modules/teams/repo.ts';
import { artworks, profiles, referrals, runs, teams } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { totpCode } from '../support/totp.ts';
import {
  as,
  callApi,
  cookieOf,
  mailedLinks,
  postJson,
  signIn,
  signUpTestUser,
  signUpVerifiedUser,
  type TestUser,
  verifyTestUser,
  withPlan,
} from '../support/users.ts';
import { LIMITS_AS_SHIPPED } from './limits-as-shipped.ts';

// A security review probed the rules as an attacker and a malicious customer would, and found
// rules that could be turned against the people they protect: a sign-up limit that closed a
// whole mail provider, reset mail and a second factor that strangers could lock, credits
// moved between accounts through codes and team pools, a squatter's leftovers surviving the
// owner's claim, names hiding characters. Each is replayed here as it was done; the payments
// and the process-group signal have their own files (payments-serialized.test.ts,
// group-signal.test.ts).

describeOnEachDatabase('no rule turned against its users', (kind) => {
  let rt: TestRuntime;
  let network = 0;
  /** A client on a network of its own (TRUST_PROXY: the proxy's X-Forwarded-For names it). */
  const fresh = () => ({ 'x-forwarded-for': `10.${Math.floor(++network / 250)}.${network % 250}.7` });
  /** Clients of one network: 198.51.100.<n>. */
  const onOneNetwork = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });

  beforeAll(async () => {
    rt = await createTestRuntime(kind, LIMITS_AS_SHIPPED);
  });
  afterAll(() => rt?.close());

  const signUp = (email: string, headers: Record<string, string>, extra: object = {}) =>
    rt.request(
      '/api/auth/sign-up/email',
      postJson({ email, password: 'a fine password', name: 'x', ...extra }, headers),
    );
  const call = <T>(user: TestUser | null, path: string, body?: unknown) => callApi<T>(rt, user, path, body);
  const db = () => rt.database.db;

  describe('limits that cannot lock others out', () => {
    it('20 attempts on one taken gmail address from 5 clients leave every other gmail person free', async () => {
      const taken = `victim.${randomUUID().slice(0, 8)}@gmail.com`;
      expect((await signUp(taken, fresh())).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await signUp(taken, onOneNetwork(1 + (i % 5)))).status);
      expect(statuses.filter((s) => s === 409)).toHaveLength(20);
      for (const email of ['alice.legit@gmail.com', 'bob.legit@GMAIL.com']) {
        expect((await signUp(email, fresh())).status, email).toBe(200);
      }
      // On the probers' own network too: attempts on a taken address count against the sender only.
      expect((await signUp('carol.legit@gmail.com', onOneNetwork(42))).status).toBe(200);
    });

    it('30 gmail sign-ups from 30 clients leave the next gmail person free', async () => {
      for (let i = 0; i < 30; i++) {
        expect((await signUp(`many${i}.${randomUUID().slice(0, 6)}@gmail.com`, onOneNetwork(100 + i))).status).toBe(
          200,
        );
      }
      expect((await signUp('next.person@gmail.com', onOneNetwork(200))).status).toBe(200);
      expect((await signUp('and.another@gmail.com', fresh())).status).toBe(200);
    });

    it('a farm of made-up subdomains shares one budget: 25 from 5 clients open 20 accounts', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        statuses.push(
          (await signUp(`u${i}@d${randomUUID().slice(0, 8)}.farm.test`, onOneNetwork(60 + (i % 5)))).status,
        );
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(SIGN_UPS_PER_DOMAIN_PER_WINDOW);
      expect(statuses.slice(SIGN_UPS_PER_DOMAIN_PER_WINDOW).every((s) => s === 429)).toBe(true);
      // Another network is not held up by it.
      expect((await signUp(`u@d${randomUUID().slice(0, 8)}.farm.test`, fresh())).status).toBe(200);
    });

    it("5 strangers' reset requests leave the owner's links working; past the limit mail is dropped quietly", async () => {
      const owner = await signUpVerifiedUser(rt, { headers: fresh() });
      const requestReset = (headers: Record<string, string>) =>
        rt.request('/api/auth/request-password-reset', postJson({ email: owner.email }, headers));
      const resetLinks = async () =>
        (
          (await rt.request('/dev/mailbox.json').then((r) => r.json())) as {
            messages: { to: string; links: string[] }[];
          }
        ).messages
          .filter((m) => m.to === owner.email)
          .flatMap((m) => m.links.map((l) => new URL(l)))
          .filter((url) => url.pathname === '/reset-password');

      const own = await requestReset(fresh());
      expect(own.status).toBe(200);
      const ownToken = (await resetLinks())[0]!.searchParams.get('token');
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await requestReset(fresh()));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      // The owner asks again: the same answer, no new mail — and every link mailed still works.
      const again = await requestReset(fresh());
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(await own.json());
      const links = await resetLinks();
      expect(links).toHaveLength(5); // 5 an hour reach the address: the owner's and four strangers'
      const reset = await rt.request(
        '/api/auth/reset-password',
        postJson({ token: ownToken, newPassword: 'mine again' }),
      );
      expect(reset.status).toBe(200);
      expect((await signIn(rt, { email: owner.email }, 'mine again')).status).toBe(200);
      // Used once, every other link of the account ends with it.
      const newest = links.at(-1)!.searchParams.get('token');
      expect(
        (await rt.request('/api/auth/reset-password', postJson({ token: newest, newPassword: 'x'.repeat(9) }))).status,
      ).toBe(400);
    });

    it('40 wrong authenticator codes from the owner’s own address still let the owner in with a backup code', async () => {
      const headers = fresh();
      const user = await signUpVerifiedUser(rt, { headers });
      const started = await rt.request(
        '/api/auth/two-factor/enable',
        as(user, postJson({ password: user.password }, headers)),
      );
      const { secret, backupCodes } = (await started.json()) as { secret: string; backupCodes: string[] };
      const confirmed = await rt.request(
        '/api/auth/two-factor/verify-totp',
        as(user, postJson({ code: totpCode(secret) }, headers)),
      );
      expect(confirmed.status).toBe(200);
      const challenge = async () => cookieOf(await signIn(rt, { email: user.email }, user.password, headers));

      let wrong = 0;
      let cookie = await challenge();
      const statuses: number[] = [];
      while (wrong < 40) {
        const res = await rt.request(
          '/api/auth/two-factor/verify-totp',
          postJson({ code: totpCode(secret, Date.now(), 20) }, { ...headers, cookie }),
        );
        statuses.push(res.status);
        wrong++;
        if (wrong % 5 === 0) cookie = await challenge(); // five tries per sign-in
      }
      expect(statuses).toContain(429); // the sender's codes are blocked now …
      const right = await rt.request(
        '/api/auth/two-factor/verify-totp',
        postJson({ code: totpCode(secret) }, { ...headers, cookie: await challenge() }),
      );
      expect(right.status).toBe(429);
      // … but not the way in the owner kept for this.
      const backup = await rt.request(
        '/api/auth/two-factor/verify-backup-code',
        postJson({ code: backupCodes[0] }, { ...headers, cookie: await challenge() }),
      );
      expect(backup.status, await backup.clone().text()).toBe(200);
      expect((await rt.request('/api/me', { headers: { cookie: cookieOf(backup) } })).status).toBe(200);
    });
  });

  describe('credits move only where the rules say', () => {
    /** A Studio account's experience code, as the review's Studio account made three. */
    /** A Studio subscriber (experience codes are the subscriber's plan's). */
    const studioAccount = async () => {
      const studio = await withPlan(rt, await signUpVerifiedUser(rt, { headers: fresh() }), 'studio');
      await db().update(profiles).set({ subscriptionType: 'studio' }).where(eq(profiles.userId, studio.userId));
      return studio;
    };
    const experienceCode = async (studio: TestUser) => {
      const made = await call<InvitationCode>(studio, '/api/referrals/invitation-codes', {
        codeType: 'experience_7day',
      });
      expect(made.status).toBe(201);
      return made.body.code;
    };

    it('a fresh unverified account can neither redeem a code, nor make, fund or join a team', async () => {
      const studio = await studioAccount();
      const code = await experienceCode(studio);
      const fresh1 = await signUpTestUser(rt, { headers: fresh() });
      const redeemed = await call(fresh1, '/api/referrals/redeem', { code });
      expect([redeemed.status, redeemed.body.error?.code]).toEqual([403, 'EMAIL_NOT_CONFIRMED']);
      await withPlan(rt, fresh1, 'studio');
      const made = await call(fresh1, '/api/teams', { name: 'Laundry' });
      expect([made.status, made.body.error?.code]).toEqual([403, 'EMAIL_NOT_CONFIRMED']);
      // Invited to the Studio account's team, the link only claims the invitation until verified.
      const team = (await call<{ team: Team }>(studio, '/api/teams', { name: 'Studio' })).body.team;
      await call(studio, `/api/teams/${team.id}/invitations`, { email: fresh1.email, role: 'member' });
      const token = (await mailedLinks(rt, fresh1.email))
        .find((u) => u.pathname === '/teams/join')!
        .searchParams.get('token');
      const joined = await call(fresh1, '/api/teams/join', { token });
      expect([joined.status, joined.body.error?.code]).toEqual([403, 'EMAIL_NOT_CONFIRMED']);
      const members = await teamsRepo.listMembers(db(), team.id);
      expect(members.map((m) => m.id)).toEqual([studio.userId]);
    });

    it("experience-code credits cannot be laundered into a pool the code's maker draws on", async () => {
      const studio = await studioAccount();
      const friend = await signUpVerifiedUser(rt, { headers: fresh() });
      const redeemed = await call<{ credits: number }>(friend, '/api/referrals/redeem', {
        code: await experienceCode(studio),
      });
      expect(redeemed.status).toBe(200);
      // The pass is Studio for a week: a team may be made, and tried, but no credit moves into it.
      const team = (await call<{ team: Team }>(friend, '/api/teams', { name: 'Pass team' })).body.team;
      const balance = await getCreditBalance(db(), friend.userId);
      expect(balance).toBe(30 + redeemed.body.credits);
      const funded = await call(friend, `/api/teams/${team.id}/credits`, { amount: 1500 });
      expect([funded.status, funded.body.error?.code]).toEqual([403, 'CREDITS_NOT_TRANSFERABLE']);
      expect((await call(friend, `/api/teams/${team.id}/credits`, { amount: 1 })).status).toBe(403);
      expect(await getCreditBalance(db(), friend.userId)).toBe(balance);
      const [pool] = await db().select({ credits: teams.credits }).from(teams).where(eq(teams.id, team.id));
      expect(pool?.credits).toBe(0);
    });

    it('a referral made with discount codes at 0.50 earns nothing', async () => {
      const referrer = await signUpVerifiedUser(rt, { headers: fresh() });
      const { referralCode } = (await call<ReferralsResponse>(referrer, '/api/referrals')).body;
      for (let i = 0; i < 3; i++) {
        const res = await signUp(`cheap${i}.${randomUUID().slice(0, 6)}@example.com`, fresh(), { referralCode });
        const { user } = (await res.json()) as { user: { id: string; email: string } };
        const friend = await verifyTestUser(rt, {
          userId: user.id,
          email: user.email,
          password: 'a fine password',
          cookie: cookieOf(res),
        });
        const code = (
          await call<InvitationCode>(referrer, '/api/referrals/invitation-codes', { codeType: 'discount_new_user' })
        ).body.code;
        const checkout = await call<{ url: string }>(friend, '/api/billing/checkout', {
          planId: 'pro',
          billingCycle: 'monthly',
          language: 'en',
          discountCode: code,
        });
        expect((await rt.request(`${new URL(checkout.body.url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
      }
      const [profile] = await db().select().from(profiles).where(eq(profiles.userId, referrer.userId));
      expect(profile).toMatchObject({ referralCount: 0, subscriptionType: 'free' });
      expect(await getCreditBalance(db(), referrer.userId)).toBe(30);
    });
  });

  it("claiming an address undoes the squatter's team, username, public artwork and referral, and says so", async () => {
    const attacker = await withPlan(rt, await signUpVerifiedUser(rt, { headers: fresh() }), 'studio');
    const { referralCode } = (await call<ReferralsResponse>(attacker, '/api/referrals')).body;
    const victim = `owner.${randomUUID().slice(0, 8)}@example.com`;
    const res = await signUp(victim, fresh(), { referralCode });
    const { user } = (await res.json()) as { user: { id: string } };
    const squatter: TestUser = { userId: user.id, email: victim, password: 'a fine password', cookie: cookieOf(res) };

    // What the squatter does before the owner proves the address: a username, a public artwork,
    // and a team with the attacker as admin and the renewals routed to it. (A team can no longer
    // be made unverified; rows made before that rule are what it must undo.)
    const named = await rt.request(
      '/api/me',
      as(squatter, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `sq${Date.now() % 1e8}` }),
      }),
    );
    expect(named.status).toBe(200);
    const runId = randomUUID();
    const key = `runs/${runId}/output-0.png`;
    await rt.storage.put(
      key,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    await db()
      .insert(runs)
      .values({
        id: runId,
        userId: squatter.userId,
        tool: 'image-generation',
        status: 'succeeded',
        credits: 1,
        options: {},
        outputs: [{ key, mediaType: 'image/png', width: 64, height: 64 }],
        engine: 'recraft',
      });
    const saved = await call<{ artwork: { id: string; imageUrl: string } }>(squatter, '/api/artworks', {
      runId,
      outputIndex: 0,
      prompt: 'mine',
      toolType: 'image-generation',
      isPublic: true,
    });
    expect(saved.status).toBe(201);
    const teamId = randomUUID();
    await db().transaction(async (tx) => {
      await teamsRepo.insertTeam(tx, { id: teamId, name: 'Squat', ownerId: squatter.userId });
      await teamsRepo.insertMember(tx, { teamId, userId: squatter.userId, role: 'owner' });
      await teamsRepo.insertMember(tx, { teamId, userId: attacker.userId, role: 'admin' });
      await teamsRepo.updateTeamRenewal(tx, teamId, true);
    });
    const image = await rt.request(saved.body.artwork.imageUrl);
    const etag = image.headers.get('etag')!;

    // The owner opens the activation mail in their own browser.
    const link = (await mailedLinks(rt, victim)).find((url) => url.pathname.endsWith('/verify-email'))!;
    expect((await rt.request(`${link.pathname}${link.search}`)).status).toBe(302);

    expect(await db().select().from(teams).where(eq(teams.id, teamId))).toEqual([]);
    expect(await teamsRepo.listMembers(db(), teamId)).toEqual([]);
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, squatter.userId));
    expect(profile).toMatchObject({ username: null, referredBy: null });
    const [artwork] = await db().select().from(artworks).where(eq(artworks.id, saved.body.artwork.id));
    expect(artwork?.isPublic).toBe(false); // private, not deleted
    // A cache that kept the public file asks again and is told it is gone.
    expect((await rt.request(saved.body.artwork.imageUrl, { headers: { 'if-none-match': etag } })).status).toBe(404);
    expect(await db().select().from(referrals).where(eq(referrals.referredId, squatter.userId))).toEqual([]);
    const [referrer] = await db().select().from(profiles).where(eq(profiles.userId, attacker.userId));
    expect(referrer?.referralCount).toBe(0);
    // The owner is told, in a mail, what was undone.
    const mailbox = (await (await rt.request('/dev/mailbox.json')).json()) as {
      messages: { to: string; subject: string; text: string }[];
    };
    const told = mailbox.messages.find((m) => m.to === victim && m.subject.includes('what was undone'));
    expect(told?.text).toContain('“Squat”');
    expect(told?.text).toContain('username');
    expect(told?.text).toContain('1 artwork');
    expect(told?.text).toContain('referral');
  });

  it('names refuse invisible characters: team, key, username, artwork title', async () => {
    const user = await withPlan(rt, await signUpVerifiedUser(rt, { headers: fresh() }), 'studio');
    const hidden = ['Te\u200dam', 'Team\u{e0041}\u{e0042}', `Te${'\u0301'.repeat(8)}am`, 'Team\u202e'];
    for (const name of hidden) {
      const team = await call(user, '/api/teams', { name });
      expect([team.status, team.body.error?.code], name).toEqual([400, 'VALIDATION_ERROR']);
      const key = await call(user, '/api/me/api-keys', { name });
      expect(key.status, name).toBe(400);
    }
    const patch = (body: object) =>
      rt.request(
        '/api/me',
        as(user, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      );
    expect((await patch({ username: 'ali\u200dce' })).status).toBe(400);
    expect((await call(user, '/api/teams', { name: 'Artists 👩‍🎨' })).status).toBe(201);
  });
});
