import {
  type AdminTeamAudit,
  type AdminUserDetail,
  type ErrorBody,
  FREE_PLAN_CREDITS,
  type Run,
  type RunListResponse,
  type Team,
  type TeamDetailResponse,
  type TeamUsage,
} from '@atelier/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chargeCredits, getCreditBalance, grantCredits } from '../../src/modules/credits/service.ts';
import {
  creditLedger,
  planGrants,
  securityEvents,
  teamInvitations,
  teams,
} from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { failingEngine, paintingEngine } from '../support/fake-engines.ts';
import { batchForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { requestToolRun, waitForRun } from '../support/tool-runs.ts';
import {
  as,
  cookieOf,
  mailedLinks,
  postJson,
  signUpTestAdmin,
  signUpTestUser,
  type TestUser,
  verifyTestUser,
  withPlan,
} from '../support/users.ts';

const withKey = (secret: string, init: RequestInit = {}): RequestInit => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${secret}`);
  return { ...init, headers };
};
const json = (method: string, body: unknown): RequestInit => ({ ...postJson(body), method });

describeOnEachDatabase('studio teams', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(
      kind,
      { RUN_SWEEP_INTERVAL_SECONDS: '3600' },
      // Runs on fake providers, so they are charged: generation succeeds, vector generation fails.
      { engines: [paintingEngine('image-generation'), failingEngine('vector-generation')] },
    );
  });
  afterAll(() => rt?.close());

  const db = () => rt.database.db;
  const call = (user: TestUser | null, path: string, init: RequestInit = {}) =>
    rt.request(path, user ? as(user, init) : init);
  const expectError = async (res: Response, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(((await res.json()) as ErrorBody).error.code).toBe(code);
  };
  const teamBalance = async (teamId: string) =>
    (await db().select({ credits: teams.credits }).from(teams).where(eq(teams.id, teamId)))[0]!.credits;
  const verifiedUser = async () => verifyTestUser(rt, await signUpTestUser(rt));
  /**
   * A Studio owner who can fund a team: the address proven, and the 30 credits of the balance
   * ones an admin granted (sign-up credits are a gift to the account and cannot fund a pool).
   */
  const studioOwner = async () => {
    const owner = await withPlan(rt, await verifiedUser(), 'studio');
    await db().transaction(async (tx) => {
      const change = { userId: owner.userId, amount: FREE_PLAN_CREDITS, reference: 'test setup' };
      await chargeCredits(tx, { ...change, reason: 'adjustment', idempotencyKey: `paid:${owner.userId}:out` });
      await grantCredits(tx, { ...change, reason: 'admin', idempotencyKey: `paid:${owner.userId}:in` });
    });
    return owner;
  };

  async function createTeam(owner: TestUser, name = 'Studio North') {
    const res = await call(owner, '/api/teams', postJson({ name }));
    expect(res.status).toBe(201);
    return ((await res.json()) as { team: Team }).team;
  }

  /** Invites `user` and joins from the link mailed to them. */
  async function inviteAndJoin(by: TestUser, teamId: string, user: TestUser, role: 'admin' | 'member' = 'member') {
    const res = await call(by, `/api/teams/${teamId}/invitations`, postJson({ email: user.email, role }));
    expect(res.status).toBe(201);
    const token = await invitationToken(user.email);
    const joined = await call(user, '/api/teams/join', postJson({ token }));
    expect(joined.status).toBe(200);
    return token;
  }

  async function invitationToken(email: string) {
    const link = (await mailedLinks(rt, email)).find((url) => url.pathname === '/teams/join');
    expect(link).toBeDefined();
    return link!.searchParams.get('token')!;
  }

  /** Opens the activation link of an account whose newest mail is something else. */
  async function verifyFromAnyMail(user: TestUser): Promise<TestUser> {
    const mailbox = (await (await rt.request('/dev/mailbox.json')).json()) as {
      messages: { to: string; links: string[] }[];
    };
    const link = mailbox.messages
      .filter((m) => m.to === user.email.toLowerCase())
      .flatMap((m) => m.links.map((l) => new URL(l)))
      .find((url) => url.pathname.endsWith('/verify-email'));
    const res = await rt.request(`${link!.pathname}${link!.search}`, { headers: { cookie: user.cookie } });
    expect(res.status).toBe(302);
    return { ...user, cookie: cookieOf(res) };
  }

  /** Every balance equals the sum of its ledger rows: each user's own, and the team's (`pool` once deleted). */
  async function expectLedgerSumsToBalances(teamId: string, users: TestUser[], pool?: number) {
    const [team] = await db()
      .select({ sum: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.teamId, teamId));
    expect(team!.sum).toBe(pool ?? (await teamBalance(teamId)));
    for (const user of users) {
      const [own] = await db()
        .select({ sum: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, user.userId), isNull(creditLedger.teamId)));
      expect(own!.sum).toBe(await getCreditBalance(db(), user.userId));
    }
  }

  it('lets a Studio account create a team; a Free or Pro account gets 403 PLAN_REQUIRED', async () => {
    const free = await signUpTestUser(rt);
    await expectError(await call(free, '/api/teams', postJson({ name: 'x' })), 403, 'PLAN_REQUIRED');
    const pro = await withPlan(rt, await signUpTestUser(rt), 'pro');
    await expectError(await call(pro, '/api/teams', postJson({ name: 'x' })), 403, 'PLAN_REQUIRED');
    await expectError(await call(null, '/api/teams', postJson({ name: 'x' })), 401, 'UNAUTHENTICATED');
    const owner = await studioOwner();
    const team = await createTeam(owner);
    expect(team).toMatchObject({ name: 'Studio North', credits: 0, role: 'owner', seats: { used: 1, max: 5 } });
    const list = (await (await call(owner, '/api/teams')).json()) as { teams: Team[] };
    expect(list.teams.map((t) => t.id)).toEqual([team.id]);
    await expectError(await call(owner, '/api/teams', postJson({ name: '' })), 400, 'VALIDATION_ERROR');
  });

  it('charges team runs to the pool and nobody else, and answers every role as it should', async () => {
    const owner = await studioOwner();
    const admin = await verifiedUser();
    const member = await withPlan(rt, await verifiedUser(), 'pro'); // Pro: API keys
    const outsider = await studioOwner();
    const team = await createTeam(owner);
    const base = `/api/teams/${team.id}`;

    // Funding: one transaction, never below zero on either side.
    const funded = await call(owner, `${base}/credits`, postJson({ amount: 10 }));
    expect(funded.status).toBe(200);
    expect(await funded.json()).toEqual({ teamCredits: 10, credits: 20 });
    await expectError(await call(owner, `${base}/credits`, postJson({ amount: 21 })), 402, 'INSUFFICIENT_CREDITS');
    expect(await getCreditBalance(db(), owner.userId)).toBe(20);

    await inviteAndJoin(owner, team.id, admin, 'admin');
    await inviteAndJoin(admin, team.id, member);
    const detail = (await (await call(member, base)).json()) as TeamDetailResponse;
    expect(detail.team).toMatchObject({ role: 'member', credits: 10, seats: { used: 3, max: 5 } });
    expect(detail.members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [admin.email, 'admin'],
      [member.email, 'member'],
    ]);

    // A member's run with teamId: the pool pays, the member's own balance does not move.
    const res = await requestToolRun(rt, member, 'image-generation', { prompt: 'team poster', teamId: team.id });
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as { run: Run };
    expect(run).toMatchObject({ credits: 1, teamId: team.id });
    expect(await teamBalance(team.id)).toBe(9);
    expect(await getCreditBalance(db(), member.userId)).toBe(30);
    const done = await waitForRun(rt, member, run.id);
    expect(done.status).toBe('succeeded');
    const file = done.outputs[0]!.url;

    // Members see the run, its file and the team's history; everyone else gets 404 (a visitor 401).
    for (const user of [owner, admin, member]) {
      expect((await call(user, `/api/runs/${run.id}`)).status).toBe(200);
      expect((await call(user, file)).status).toBe(200);
      const list = (await (await call(user, `/api/runs?teamId=${team.id}`)).json()) as RunListResponse;
      expect(list.runs.map((r) => r.id)).toEqual([run.id]);
    }
    // The personal history stays personal.
    expect(((await (await call(member, '/api/runs')).json()) as RunListResponse).runs).toHaveLength(0);
    for (const path of [
      base,
      `${base}/usage`,
      `${base}/artworks`,
      `${base}/invitations`,
      `/api/runs/${run.id}`,
      `/api/runs?teamId=${team.id}`,
      file,
    ]) {
      expect((await call(outsider, path)).status, path).toBe(404);
    }
    expect((await call(null, file)).status).toBe(404);
    for (const path of [base, `${base}/usage`, `/api/runs?teamId=${team.id}`]) {
      expect((await call(null, path)).status, path).toBe(401);
    }
    await expectError(
      await requestToolRun(rt, outsider, 'image-generation', { prompt: 'x', teamId: team.id }),
      404,
      'NOT_FOUND',
    );
    await expectError(await call(outsider, `${base}/credits`, postJson({ amount: 1 })), 404, 'NOT_FOUND');
    await expectError(
      await call(outsider, `${base}/invitations`, postJson({ email: 'a@example.com' })),
      404,
      'NOT_FOUND',
    );

    // Roles: a member neither invites, lists invitations, funds nor reads usage; an admin does not fund.
    await expectError(
      await call(member, `${base}/invitations`, postJson({ email: 'a@example.com' })),
      403,
      'FORBIDDEN',
    );
    await expectError(await call(member, `${base}/invitations`), 403, 'FORBIDDEN');
    await expectError(await call(member, `${base}/usage`), 403, 'FORBIDDEN');
    await expectError(await call(member, `${base}/credits`, postJson({ amount: 1 })), 403, 'FORBIDDEN');
    await expectError(await call(admin, `${base}/credits`, postJson({ amount: 1 })), 403, 'FORBIDDEN');
    await expectError(
      await call(admin, `${base}/invitations`, postJson({ email: 'b@example.com', role: 'admin' })),
      403,
      'FORBIDDEN',
    );
    await expectError(
      await call(admin, `${base}/members/${member.userId}`, json('PATCH', { role: 'admin' })),
      403,
      'FORBIDDEN',
    );
    await expectError(await call(admin, `${base}/members/${owner.userId}`, { method: 'DELETE' }), 409, 'CONFLICT');

    // A failed team run is refunded to the pool.
    const failing = await requestToolRun(rt, member, 'vector-generation', { prompt: 'x', teamId: team.id });
    expect(failing.status).toBe(202);
    const failed = await waitForRun(rt, member, ((await failing.json()) as { run: Run }).run.id);
    expect(failed).toMatchObject({ status: 'failed', refunded: true, teamId: team.id });
    expect(await teamBalance(team.id)).toBe(9);
    expect(await getCreditBalance(db(), member.userId)).toBe(30);

    // An API key of the member's: reads the teams and runs on the pool; manages nothing.
    const key = (await (await call(member, '/api/me/api-keys', postJson({ name: 'script' }))).json()) as {
      secret: string;
    };
    expect((await rt.request('/api/teams', withKey(key.secret))).status).toBe(200);
    expect((await rt.request(base, withKey(key.secret))).status).toBe(200);
    const keyed = await rt.request(
      '/api/tools/image-generation/runs',
      withKey(key.secret, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'by key', teamId: team.id }),
      }),
    );
    expect(keyed.status).toBe(202);
    expect(await teamBalance(team.id)).toBe(8);
    expect(await getCreditBalance(db(), member.userId)).toBe(30);
    await expectError(
      await rt.request(`${base}/invitations`, withKey(key.secret, postJson({ email: 'c@example.com' }))),
      403,
      'API_KEY_NOT_ALLOWED',
    );

    // Usage: credits per member, this month.
    const usage = (await (await call(owner, `${base}/usage`)).json()) as TeamUsage;
    expect(usage.members.find((m) => m.userId === member.userId)).toMatchObject({ thisMonth: 2, lastMonth: 0 });
    expect((await call(admin, `${base}/usage`)).status).toBe(200);

    // The owner changes a role; events are recorded for the people involved.
    expect((await call(owner, `${base}/members/${admin.userId}`, json('PATCH', { role: 'member' }))).status).toBe(204);
    const events = await db()
      .select({ type: securityEvents.eventType })
      .from(securityEvents)
      .where(eq(securityEvents.userId, admin.userId));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['team_joined', 'team_role_changed']));

    // A removed member loses everything of the team at once; the run stays the team's.
    expect((await call(owner, `${base}/members/${member.userId}`, { method: 'DELETE' })).status).toBe(204);
    for (const path of [base, `/api/runs/${run.id}`, `/api/runs?teamId=${team.id}`, file]) {
      expect((await call(member, path)).status, path).toBe(404);
    }
    await expectError(
      await requestToolRun(rt, member, 'image-generation', { prompt: 'x', teamId: team.id }),
      404,
      'NOT_FOUND',
    );
    expect((await call(owner, `/api/runs/${run.id}`)).status).toBe(200);
    // Leaving: an admin-turned-member removes themself.
    expect((await call(admin, `${base}/members/${admin.userId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(admin, base)).status).toBe(404);

    // Downgrade: the team is read-only, nothing is deleted; the plan brings it back.
    await db().delete(planGrants).where(eq(planGrants.userId, owner.userId));
    await expectError(
      await requestToolRun(rt, owner, 'image-generation', { prompt: 'x', teamId: team.id }),
      403,
      'PLAN_REQUIRED',
    );
    const readOnly = (await (await call(owner, base)).json()) as TeamDetailResponse;
    expect(readOnly.team).toMatchObject({ readOnly: true, credits: 8 });
    await withPlan(rt, owner, 'studio');
    expect((await requestToolRun(rt, owner, 'image-generation', { prompt: 'back', teamId: team.id })).status).toBe(202);

    await expectLedgerSumsToBalances(team.id, [owner, admin, member]);
  });

  it("gives a member the team's plan inside the team: a Free member batches there, not on their own", async () => {
    const owner = await studioOwner();
    const member = await verifiedUser(); // Free
    const team = await createTeam(owner);
    expect(team).toMatchObject({ plan: 'studio', readOnly: false });
    expect((await call(owner, `/api/teams/${team.id}/credits`, postJson({ amount: 10 }))).status).toBe(200);
    await inviteAndJoin(owner, team.id, member);
    const batch = async (teamId?: string) =>
      call(member, '/api/tools/image-upscale/batches', {
        method: 'POST',
        body: await batchForm(['a.png', 'b.png'], teamId ? { teamId } : {}),
      });

    // On their own: Free has no batches, and nothing is charged.
    await expectError(await batch(), 403, 'PLAN_REQUIRED');
    expect(await getCreditBalance(db(), member.userId)).toBe(FREE_PLAN_CREDITS);
    // In the team: the owner's Studio plan, paid from the pool.
    const inTeam = await batch(team.id);
    expect(inTeam.status).toBe(202);
    expect(await teamBalance(team.id)).toBe(8);
    expect(await getCreditBalance(db(), member.userId)).toBe(FREE_PLAN_CREDITS);
    const listed = (await (await call(member, '/api/teams')).json()) as { teams: Team[] };
    expect(listed.teams.find((t) => t.id === team.id)).toMatchObject({ plan: 'studio' });
    // A team the caller is not in gives nothing: their own plan decides (403, not the pool).
    const other = await createTeam(await studioOwner(), 'Elsewhere');
    await expectError(await batch(other.id), 403, 'PLAN_REQUIRED');
  });

  it('lets any member make a team artwork public or private; a removed member or an outsider gets 404', async () => {
    const owner = await studioOwner();
    const maker = await verifiedUser();
    const other = await verifiedUser();
    const outsider = await verifiedUser();
    const team = await createTeam(owner);
    const base = `/api/teams/${team.id}`;
    expect((await call(owner, `${base}/credits`, postJson({ amount: 5 }))).status).toBe(200);
    await inviteAndJoin(owner, team.id, maker);
    await inviteAndJoin(owner, team.id, other);

    const started = await requestToolRun(rt, maker, 'image-generation', { prompt: 'team mural', teamId: team.id });
    const run = await waitForRun(rt, maker, ((await started.json()) as { run: Run }).run.id);
    expect(run.status).toBe('succeeded');
    const saved = await call(
      maker,
      '/api/artworks',
      postJson({ runId: run.id, outputIndex: 0, prompt: 'team mural', toolType: 'image-generation' }),
    );
    expect(saved.status).toBe(201);
    const { artwork } = (await saved.json()) as { artwork: { id: string; isPublic: boolean } };
    expect(artwork.isPublic).toBe(false);
    const path = `/api/artworks/${artwork.id}`;
    const library = async (user: TestUser) =>
      ((await (await call(user, `${base}/artworks`)).json()) as { artworks: { id: string; isPublic: boolean }[] })
        .artworks;

    // Another member and the owner, not only its author, change who sees it.
    const shown = await call(other, path, json('PATCH', { isPublic: true }));
    expect(shown.status).toBe(200);
    expect(((await shown.json()) as { artwork: { isPublic: boolean } }).artwork.isPublic).toBe(true);
    expect((await call(null, path)).status).toBe(200);
    expect((await call(owner, path, json('PATCH', { isPublic: false }))).status).toBe(200);
    expect((await call(null, path)).status).toBe(404);
    expect(await library(maker)).toEqual([expect.objectContaining({ id: artwork.id, isPublic: false })]);

    // Anyone else: the artwork does not exist for them, and it stays as it was.
    await expectError(await call(outsider, path, json('PATCH', { isPublic: true })), 404, 'NOT_FOUND');
    await expectError(await call(null, path, json('PATCH', { isPublic: true })), 401, 'UNAUTHENTICATED');
    expect((await call(owner, `${base}/members/${other.userId}`, { method: 'DELETE' })).status).toBe(204);
    await expectError(await call(other, path, json('PATCH', { isPublic: true })), 404, 'NOT_FOUND');
    expect((await call(other, `${base}/artworks`)).status).toBe(404);
    // Its author too, once removed: what they made stays the team's.
    expect((await call(owner, `${base}/members/${maker.userId}`, { method: 'DELETE' })).status).toBe(204);
    await expectError(await call(maker, path, json('PATCH', { isPublic: true })), 404, 'NOT_FOUND');
    expect(await library(owner)).toEqual([expect.objectContaining({ id: artwork.id, isPublic: false })]);
  });

  it('holds seats for pending invitations, refuses a sixth (409 SEATS_FULL), and checks each token', async () => {
    const owner = await studioOwner();
    const team = await createTeam(owner);
    const base = `/api/teams/${team.id}`;
    // Verified before they are invited (the newest mail is then the invitation), but the first.
    const first = await signUpTestUser(rt);
    const [second, third, fourth] = [await verifiedUser(), await verifiedUser(), await verifiedUser()];
    const invitees = [first, second, third, fourth];
    for (const user of invitees) {
      expect((await call(owner, `${base}/invitations`, postJson({ email: user.email }))).status).toBe(201);
    }
    await expectError(
      await call(owner, `${base}/invitations`, postJson({ email: 'sixth@example.com' })),
      409,
      'SEATS_FULL',
    );
    const pending = (await (await call(owner, `${base}/invitations`)).json()) as { invitations: { id: string }[] };
    expect(pending.invitations).toHaveLength(4);

    const token = await invitationToken(first.email);
    // Another account: 403 and no claim; not verified yet: 403, but the invitation is claimed and
    // verifying the address joins the team without the link being opened again; then it is used.
    const other = await verifiedUser();
    await expectError(await call(other, '/api/teams/join', postJson({ token })), 403, 'INVITATION_EMAIL_MISMATCH');
    await expectError(await call(first, '/api/teams/join', postJson({ token })), 403, 'EMAIL_NOT_CONFIRMED');
    expect((await call(first, base)).status).toBe(404);
    const verified = await verifyFromAnyMail(first);
    const joined = (await (await call(verified, base)).json()) as TeamDetailResponse;
    expect(joined.team.role).toBe('member');
    expect(joined.members.map((m) => m.email)).toContain(first.email.toLowerCase());
    await expectError(await call(verified, '/api/teams/join', postJson({ token })), 410, 'INVITATION_GONE');
    await expectError(await call(other, '/api/teams/join', postJson({ token })), 410, 'INVITATION_GONE');

    // Expired after 7 days.
    const expired = await invitationToken(second.email);
    await db()
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.email, second.email.toLowerCase()));
    await expectError(await call(second, '/api/teams/join', postJson({ token: expired })), 410, 'INVITATION_GONE');
    await expectError(await call(third, '/api/teams/join', postJson({ token: 'nonsense' })), 410, 'INVITATION_GONE');

    // A revoked invitation frees its seat and its link stops working.
    const list = (await (await call(owner, `${base}/invitations`)).json()) as {
      invitations: { id: string; email: string }[];
    };
    const fourthInvite = list.invitations.find((i) => i.email === fourth.email.toLowerCase())!;
    const fourthToken = await invitationToken(fourth.email);
    expect((await call(owner, `${base}/invitations/${fourthInvite.id}`, { method: 'DELETE' })).status).toBe(204);
    await expectError(await call(fourth, '/api/teams/join', postJson({ token: fourthToken })), 410, 'INVITATION_GONE');
    const seats = ((await (await call(owner, base)).json()) as TeamDetailResponse).team.seats;
    expect(seats).toEqual({ used: 3, max: 5 }); // owner, first, third's pending invitation
  });

  it('never takes the pool below zero under concurrent runs of several members', async () => {
    const owner = await studioOwner();
    const members = [await verifiedUser(), await verifiedUser()];
    const team = await createTeam(owner);
    for (const member of members) await inviteAndJoin(owner, team.id, member);
    expect((await call(owner, `/api/teams/${team.id}/credits`, postJson({ amount: 12 }))).status).toBe(200);
    const runners = [owner, ...members];
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        requestToolRun(rt, runners[i % runners.length]!, 'image-generation', { prompt: `race ${i}`, teamId: team.id }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(12);
    expect(statuses.filter((s) => s === 402)).toHaveLength(12);
    expect(await teamBalance(team.id)).toBe(0);
    for (const member of members) expect(await getCreditBalance(db(), member.userId)).toBe(30);
    expect(await getCreditBalance(db(), owner.userId)).toBe(18);
    await expectLedgerSumsToBalances(team.id, runners);
  });

  it('keeps each member within the monthly cap an owner or admin sets, under concurrent runs too', async () => {
    const owner = await studioOwner();
    const [admin, member, outsider] = [await verifiedUser(), await verifiedUser(), await verifiedUser()];
    const team = await createTeam(owner);
    const base = `/api/teams/${team.id}`;
    await inviteAndJoin(owner, team.id, admin, 'admin');
    await inviteAndJoin(owner, team.id, member);
    expect((await call(owner, `${base}/credits`, postJson({ amount: 20 }))).status).toBe(200);
    const cap = (by: TestUser, who: TestUser, monthlyCap: number | null) =>
      call(by, `${base}/members/${who.userId}/cap`, json('PUT', { monthlyCap }));

    // Who may set it: owner and admins on members; only the owner on an admin; nobody on the owner.
    await expectError(await cap(member, member, 100), 403, 'FORBIDDEN');
    await expectError(await cap(admin, admin, 1), 403, 'FORBIDDEN');
    await expectError(await cap(owner, owner, 1), 409, 'CONFLICT');
    await expectError(await cap(outsider, member, 1), 404, 'NOT_FOUND');
    await expectError(await cap(owner, member, -1), 400, 'VALIDATION_ERROR');
    expect((await cap(admin, member, 2)).status).toBe(204);
    const detail = (await (await call(owner, base)).json()) as TeamDetailResponse;
    expect(detail.members.find((m) => m.id === member.userId)?.monthlyCap).toBe(2);

    const run = (i: number) => requestToolRun(rt, member, 'image-generation', { prompt: `cap ${i}`, teamId: team.id });
    expect((await run(1)).status).toBe(202);
    expect((await run(2)).status).toBe(202);
    await expectError(await run(3), 402, 'TEAM_MEMBER_CAP_REACHED');
    expect(await teamBalance(team.id)).toBe(18);
    expect(await getCreditBalance(db(), member.userId)).toBe(30);
    // The member's own balance is not the team's: a personal run still works.
    expect((await requestToolRun(rt, member, 'image-generation', { prompt: 'mine' })).status).toBe(202);

    // Concurrent runs never pass a raised cap: 3 more of 8 go through.
    expect((await cap(owner, member, 5)).status).toBe(204);
    const statuses = (await Promise.all(Array.from({ length: 8 }, (_, i) => run(10 + i)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(5);
    expect(await teamBalance(team.id)).toBe(15);
    const usage = (await (await call(owner, `${base}/usage`)).json()) as TeamUsage;
    expect(usage.members.find((m) => m.userId === member.userId)).toMatchObject({ thisMonth: 5, monthlyCap: 5 });

    // Removed, the cap is gone; a failed run is refunded and does not count against a new one.
    expect((await cap(owner, member, null)).status).toBe(204);
    const failed = await requestToolRun(rt, member, 'vector-generation', { prompt: 'fails', teamId: team.id });
    expect(failed.status).toBe(202);
    expect((await waitForRun(rt, member, ((await failed.json()) as { run: Run }).run.id)).status).toBe('failed');
    expect((await cap(owner, member, 6)).status).toBe(204);
    expect((await run(30)).status).toBe(202);
    await expectError(await run(31), 402, 'TEAM_MEMBER_CAP_REACHED');
    const events = await db()
      .select({ type: securityEvents.eventType })
      .from(securityEvents)
      .where(eq(securityEvents.userId, member.userId));
    expect(events.filter((e) => e.type === 'team_member_cap_changed')).toHaveLength(4);
    await expectLedgerSumsToBalances(team.id, [owner, admin, member]);
  });

  it('lets the owner delete the team: the pool goes back to the owner, the work to its makers', async () => {
    const owner = await studioOwner();
    const [admin, member] = [await verifiedUser(), await verifiedUser()];
    const team = await createTeam(owner);
    const base = `/api/teams/${team.id}`;
    await inviteAndJoin(owner, team.id, admin, 'admin');
    await inviteAndJoin(owner, team.id, member);
    expect((await call(owner, `${base}/credits`, postJson({ amount: 10 }))).status).toBe(200);
    const res = await requestToolRun(rt, member, 'image-generation', { prompt: 'keep me', teamId: team.id });
    const { run } = (await res.json()) as { run: Run };
    await waitForRun(rt, member, run.id);

    await expectError(await call(member, base, { method: 'DELETE' }), 403, 'FORBIDDEN');
    await expectError(await call(admin, base, { method: 'DELETE' }), 403, 'FORBIDDEN');
    expect((await call(owner, base, { method: 'DELETE' })).status).toBe(204);

    // The 9 credits left in the pool are the owner's again (20 + 9); the member's run is theirs.
    expect(await getCreditBalance(db(), owner.userId)).toBe(29);
    expect(await getCreditBalance(db(), member.userId)).toBe(30);
    for (const user of [owner, admin, member]) expect((await call(user, base)).status).toBe(404);
    const mine = (await (await call(member, '/api/runs')).json()) as RunListResponse;
    expect(mine.runs.map((r) => r.id)).toEqual([run.id]);
    expect((await call(owner, `/api/runs/${run.id}`)).status).toBe(404);
    expect(((await (await call(member, '/api/teams')).json()) as { teams: Team[] }).teams).toEqual([]);
    const events = await db()
      .select({ userId: securityEvents.userId })
      .from(securityEvents)
      .where(eq(securityEvents.eventType, 'team_deleted'));
    expect(events.map((e) => e.userId)).toEqual(expect.arrayContaining([owner.userId, admin.userId, member.userId]));
    // The team's ledger rows stay, summing to the empty pool; each person's to their balance.
    await expectLedgerSumsToBalances(team.id, [owner, admin, member], 0);
    expect((await call(owner, base, { method: 'DELETE' })).status).toBe(404);
  });

  it("shows admins a team's members, roles and security events, before and after its deletion", async () => {
    const consoleAdmin = await signUpTestAdmin(rt);
    const owner = await studioOwner();
    const [admin, member] = [await verifiedUser(), await verifiedUser()];
    const team = await createTeam(owner, 'Audited');
    const base = `/api/teams/${team.id}`;
    const auditPath = `/api/admin/teams/${team.id}`;
    expect((await call(owner, `${base}/credits`, postJson({ amount: 4 }))).status).toBe(200);
    await inviteAndJoin(owner, team.id, admin, 'admin');
    await inviteAndJoin(admin, team.id, member);
    expect((await call(owner, `${base}/members/${admin.userId}`, json('PATCH', { role: 'member' }))).status).toBe(204);
    expect((await call(owner, `${base}/members/${member.userId}/cap`, json('PUT', { monthlyCap: 3 }))).status).toBe(
      204,
    );
    expect((await call(owner, `${base}/members/${member.userId}`, { method: 'DELETE' })).status).toBe(204);

    // Renewals to the pool: the owner's choice alone; anyone else is refused, an outsider told nothing.
    const renewal = (user: TestUser, on: boolean) =>
      call(user, `${base}/renewal`, json('PUT', { receivesRenewal: on }));
    await expectError(await renewal(admin, true), 403, 'FORBIDDEN');
    await expectError(await renewal(member, true), 404, 'NOT_FOUND');
    expect((await renewal(owner, true)).status).toBe(204);
    const other = await createTeam(owner, 'Second');
    expect((await call(owner, `/api/teams/${other.id}/renewal`, json('PUT', { receivesRenewal: true }))).status).toBe(
      204,
    );
    const owned = ((await (await call(owner, '/api/teams')).json()) as { teams: Team[] }).teams;
    expect(owned.map((t) => [t.name, t.receivesRenewal]).sort()).toEqual([
      ['Audited', false],
      ['Second', true],
    ]);

    // The console only: a member, the owner and a visitor find no such route.
    for (const user of [owner, member, null]) expect((await call(user, auditPath)).status).toBe(404);
    const res = await call(consoleAdmin, auditPath);
    expect(res.status).toBe(200);
    const audit = (await res.json()) as AdminTeamAudit;
    expect(audit.team).toMatchObject({ id: team.id, name: 'Audited', credits: 4, ownerId: owner.userId });
    expect(audit.members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [admin.email, 'member'],
    ]);
    const seen = (type: string) => audit.events.filter((e) => e.eventType === type).map((e) => e.email);
    expect(seen('team_created')).toEqual([owner.email]);
    expect(seen('team_funded')).toEqual([owner.email]);
    expect(seen('team_invitation_sent')).toEqual(expect.arrayContaining([owner.email, admin.email]));
    expect(seen('team_joined')).toEqual(expect.arrayContaining([admin.email, member.email]));
    expect(seen('team_role_changed')).toEqual(expect.arrayContaining([owner.email, admin.email]));
    expect(seen('team_member_cap_changed')).toEqual(expect.arrayContaining([owner.email, member.email]));
    expect(seen('team_member_removed')).toEqual(expect.arrayContaining([owner.email, member.email]));
    expect(seen('team_renewal_changed')).toEqual([owner.email]);
    expect(audit.events.every((e) => e.details.teamId === team.id)).toBe(true);

    // A user's page names their teams: the way to the audit.
    const detail = (await (await call(consoleAdmin, `/api/admin/users/${admin.userId}`)).json()) as AdminUserDetail;
    expect(detail.teams).toEqual([{ id: team.id, name: 'Audited', role: 'member' }]);

    // Deleted, the team is gone but its events are not.
    expect((await call(owner, base, { method: 'DELETE' })).status).toBe(204);
    const after = (await (await call(consoleAdmin, auditPath)).json()) as AdminTeamAudit;
    expect(after.team).toBeNull();
    expect(after.members).toEqual([]);
    expect(after.events[0]!.eventType).toBe('team_deleted');
    expect((await call(consoleAdmin, '/api/admin/teams/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
