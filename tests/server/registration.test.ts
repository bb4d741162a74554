import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';
import { decodedMail, registrationLinkIn, startMailbox, type Mailbox } from './mailbox';

const INVALID_LINK = 'The link you have clicked is invalid. Please close this window and click on the link in the email you received again.';
const MISMATCH = 'The details you provided do not match our system. Please contact your representative for assistance.';
const DAY = 24 * 3600 * 1000;

/** The invitation a link carries, as the registration page reads it. */
const invitationOf = (link: URL) => Object.fromEntries(link.searchParams) as Record<'EmailAddress' | 'FirstName' | 'LastName' | 'token', string>;

describe.each(DATABASE_KINDS)('invitation mail and registration on %s', (kind) => {
  let server: TestServer;
  let mailbox: Mailbox;
  let admin: string;
  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer(kind, { smtpUrl: mailbox.url, publicUrl: 'https://permits.example.test' });
    admin = await server.employeeToken('admin@demo.test');
  });
  afterAll(async () => {
    await server.close();
    await mailbox.close();
  });
  afterEach(() => vi.useRealTimers());

  let people = 0;
  /** Invites a new contractor at Bayport and returns their id, address and the link of the mail they received. */
  async function invite(fields: Record<string, unknown> = {}) {
    const email = `contractor${++people}.${kind}@example.test`;
    const payload = { EmailAddress: ` ${email} `, SiteId: 1, ActiveFlag: true, FirstName: 'Dana', LastName: `Reyes ${people}`, Company: 'Reyes Rigging', CanEdit: [111], CanPrint: [111], ...fields };
    const response = await server.request({ method: 'POST', url: '/api/users', token: admin, payload });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await mailbox.next(email);
    return { id: response.json().PersonnelId as number, email, mail, link: registrationLinkIn(mail.raw) };
  }
  const check = (invitation: Record<string, string>) =>
    server.request({ method: 'GET', url: `/api/auth/invitation?${new URLSearchParams(invitation).toString()}` });
  const register = (invitation: Record<string, string>, Password = 'Rig#2026') =>
    server.request({ method: 'POST', url: '/api/auth/register', payload: { ...invitation, Password } });

  it('mails a signed link over SMTP; following it registers the contractor and signs them in', async () => {
    const { id, email, mail, link } = await invite();
    const text = decodedMail(mail.raw);
    expect(text).toMatch(/^Subject: Your invitation to OpenPermit/m);
    expect(text).toContain('You have been invited to OpenPermit by Alex Morgan for Bayport Refinery.');
    expect(text).toMatch(/The link expires on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
    expect(`${link.origin}${link.pathname}`).toBe('https://permits.example.test/auth/register');
    expect(invitationOf(link)).toMatchObject({ EmailAddress: email, FirstName: 'Dana', LastName: 'Reyes 1' });

    expect((await check(invitationOf(link))).json()).toEqual({ valid: true });
    const registered = await register(invitationOf(link));
    expect(registered.statusCode, registered.body).toBe(200);
    const tokens = registered.json();
    expect(tokens).toMatchObject({ EmailAddress: email, expiresIn: 900 });

    const profile = await server.request({ method: 'GET', url: `/api/user?Email=${email}`, token: tokens.accessToken });
    expect(profile.json()).toMatchObject({ PersonnelId: id, Kind: 'external', FirstName: 'Dana', Preferences: { HomeLocationId: 111 } });
    expect(profile.json().Permissions).toEqual([
      { PermissionTypeId: 82, Locations: [100] },
      { PermissionTypeId: 85, Locations: [111] },
      { PermissionTypeId: 87, Locations: [111] },
    ]);
    const shown = await server.request({ method: 'GET', url: `/api/users/${id}`, token: admin });
    expect(shown.json()).toMatchObject({ DisplayState: 'ACTIVE', SignupInitiated: true, SignupComplete: true });
    await expect(server.contractorToken(email, 'Rig#2026')).resolves.toBeTruthy();

    // The link did its work: it cannot set a password again.
    expect((await check(invitationOf(link))).json().message).toBe(INVALID_LINK);
    expect((await register(invitationOf(link), 'Other#2026')).json().message).toBe(MISMATCH);
    const [audit] = await server.db.query<{ personnel_id: number }>(`select personnel_id from audit_log where action = 'externalUser.register'`);
    expect(audit?.personnel_id).toBe(id);
  });

  it('a resent invitation makes the old link invalid', async () => {
    const { id, email, link: first } = await invite();
    const resent = await server.request({ method: 'POST', url: `/api/users/${id}/invite`, token: admin });
    expect(resent.statusCode).toBe(204);
    const second = registrationLinkIn((await mailbox.next(email)).raw);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));

    const old = await check(invitationOf(first));
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(INVALID_LINK);
    expect((await register(invitationOf(first))).json().message).toBe(MISMATCH);
    expect((await check(invitationOf(second))).statusCode).toBe(200);
    expect((await register(invitationOf(second))).statusCode).toBe(200);
  });

  it('refuses a link that is incomplete, forged or altered', async () => {
    const { id, link } = await invite();
    const good = invitationOf(link);
    const { FirstName, ...incomplete } = good;
    expect(FirstName).toBe('Dana');
    const forged = { ...good, token: `${good.token.slice(0, -4)}AAAA` };
    const cases = [
      incomplete,
      forged,
      { ...good, FirstName: 'Dan' },
      { ...good, EmailAddress: 'someone.else@example.test' },
      { ...good, EmailAddress: String(id) },
      { ...good, token: 'garbage' },
    ];
    for (const invitation of cases) {
      const checked = await check(invitation);
      expect(checked.statusCode, JSON.stringify(invitation)).toBe(400);
      expect(checked.json().message).toBe(INVALID_LINK);
    }
    for (const invitation of cases.slice(1)) expect((await register(invitation)).json().message).toBe(MISMATCH);
    expect((await check(good)).statusCode).toBe(200);
  });

  it('a link works for 7 days', async () => {
    const { link } = await invite();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6.9 * DAY });
    expect((await check(invitationOf(link))).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 0.2 * DAY);
    expect((await check(invitationOf(link))).json().message).toBe(INVALID_LINK);
    expect((await register(invitationOf(link))).json().message).toBe(MISMATCH);
  });

  it('a change to the name or email, a disabled or a deleted user voids the link', async () => {
    const { id, link } = await invite();
    const patch = async (operations: object[]) => {
      const etag = (await server.request({ method: 'GET', url: `/api/users/${id}`, token: admin })).headers.etag as string;
      const response = await server.request({ method: 'PATCH', url: `/api/users/${id}`, token: admin, headers: { 'if-match': etag }, payload: operations });
      expect(response.statusCode, response.body).toBe(200);
    };
    await patch([{ op: 'replace', path: '/ActiveFlag', value: false }]);
    expect((await check(invitationOf(link))).statusCode).toBe(400);
    await patch([{ op: 'replace', path: '/ActiveFlag', value: true }]);
    expect((await check(invitationOf(link))).statusCode).toBe(200);
    await patch([{ op: 'replace', path: '/FirstName', value: 'Danielle' }]);
    expect((await check(invitationOf(link))).statusCode).toBe(400);
    expect((await check({ ...invitationOf(link), FirstName: 'Danielle' })).statusCode).toBe(400);
    await patch([{ op: 'replace', path: '/FirstName', value: 'Dana' }]);
    expect((await check(invitationOf(link))).statusCode).toBe(200);
    expect((await server.request({ method: 'DELETE', url: `/api/users/${id}`, token: admin })).statusCode).toBe(204);
    expect((await check(invitationOf(link))).statusCode).toBe(400);
  });

  it('asks for a password that meets the rule, and keeps the link usable', async () => {
    const { link } = await invite();
    for (const [password, message] of [
      ['abc', 'The password needs 6 to 16 characters, at least one digit, at least one of ! @ # $ % ^ & *.'],
      ['abcdef1', 'The password needs at least one of ! @ # $ % ^ & *.'],
      ['abc def1!', 'The password needs only letters, digits and ! @ # $ % ^ & *.'],
    ]) {
      const response = await register(invitationOf(link), password);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await register(invitationOf(link), 'abc1!d')).statusCode).toBe(200);
  });

  it('a registered contractor who is disabled or deleted can neither sign in nor refresh', async () => {
    const { id, email, link } = await invite();
    const tokens = (await register(invitationOf(link))).json();
    const etag = (await server.request({ method: 'GET', url: `/api/users/${email}`, token: admin })).headers.etag as string;
    const disabled = await server.request({
      method: 'PATCH', url: `/api/users/${id}`, token: admin, headers: { 'if-match': etag }, payload: [{ op: 'replace', path: '/ActiveFlag', value: false }],
    });
    expect(disabled.json().DisplayState).toBe('DISABLED');
    expect((await server.request({ method: 'GET', url: '/api/settings', token: tokens.accessToken })).statusCode).toBe(401);
    expect((await server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: tokens.refreshToken } })).statusCode).toBe(401);
    await expect(server.contractorToken(email, 'Rig#2026')).rejects.toThrow(/Incorrect email address or password/);

    const enabled = await server.request({
      method: 'PATCH', url: `/api/users/${id}`, token: admin, headers: { 'if-match': disabled.headers.etag as string }, payload: [{ op: 'replace', path: '/ActiveFlag', value: true }],
    });
    expect(enabled.json().DisplayState).toBe('ACTIVE');
    // Disabling revoked the refresh token for good; signing in again works.
    expect((await server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: tokens.refreshToken } })).statusCode).toBe(401);
    const again = (await server.request({ method: 'POST', url: '/api/auth/signin', payload: { EmailAddress: email, Password: 'Rig#2026' } })).json();
    expect((await server.request({ method: 'DELETE', url: `/api/users/${id}`, token: admin })).statusCode).toBe(204);
    expect((await server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: again.refreshToken } })).statusCode).toBe(401);
    await expect(server.contractorToken(email, 'Rig#2026')).rejects.toThrow(/Incorrect email address or password/);
  });

  it('an access expiry ends sign-in after that day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { email, link } = await invite({ AccessExpiresDate: today });
    expect((await register(invitationOf(link))).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * DAY });
    await expect(server.contractorToken(email, 'Rig#2026')).rejects.toThrow(/Incorrect email address or password/);
  });

  // Last: it stops the mail server.
  it('a mail server that fails: 502 with a sentence, the user kept as PENDING', async () => {
    await mailbox.close();
    const payload = { EmailAddress: `unlucky.${kind}@example.test`, SiteId: 1, ActiveFlag: true, FirstName: 'Una', LastName: 'Lucky', Company: 'Acme' };
    const response = await server.request({ method: 'POST', url: '/api/users', token: admin, payload });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('The user was saved, but the invitation email could not be sent. Check the mail server, then resend the invitation.');
    const saved = await server.request({ method: 'GET', url: `/api/users/${payload.EmailAddress}`, token: admin });
    expect(saved.json().DisplayState).toBe('PENDING');
    const resend = await server.request({ method: 'POST', url: `/api/users/${saved.json().PersonnelId}/invite`, token: admin });
    expect(resend.statusCode).toBe(502);
    expect(resend.json().message).toBe('The invitation email could not be sent. Check the mail server and try again.');
  });
});

describe.each(DATABASE_KINDS)('invitation mail without a mail server on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('writes the mail as an .eml file under DATA_DIR/mail, and its link works', async () => {
    const admin = await server.employeeToken('admin@demo.test');
    const payload = { EmailAddress: 'filed@example.test', SiteId: 2, ActiveFlag: true, FirstName: 'Fil', LastName: 'Ed', Company: 'Acme' };
    expect((await server.request({ method: 'POST', url: '/api/users', token: admin, payload })).statusCode).toBe(201);
    const folder = join(server.config.dataDir, 'mail');
    const files = readdirSync(folder).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(folder, files[0]!), 'utf8');
    expect(raw).toMatch(/^To: filed@example.test/m);
    // An inactive user is sent nothing: their link would not work until they are enabled.
    const inactive = { ...payload, EmailAddress: 'inactive@example.test', ActiveFlag: false };
    const created = await server.request({ method: 'POST', url: '/api/users', token: admin, payload: inactive });
    expect(created.json().DisplayState).toBe('DISABLED');
    expect(readdirSync(folder)).toHaveLength(1);
    expect(decodedMail(raw)).toContain('by Alex Morgan for Northfield Chemicals.');
    const link = registrationLinkIn(raw);
    const checked = await server.request({ method: 'GET', url: `/api/auth/invitation${link.search}` });
    expect(checked.json()).toEqual({ valid: true });
  });
});
