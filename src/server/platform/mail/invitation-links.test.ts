// Without a mail server (no SMTP_URL) an invitation is not sent: the owner who invited is told so
// and given the link to pass on (issue 13 §4). The link is in the inviter's own answer only, and
// only when the mail did not go out: never in a list, in another owner's answer or in anything a
// guest or an invited person is answered.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';

let owner: TestUser;
let other: TestUser;

const t = testServer({ smtpUrl: null });
beforeAll(async () => {
  owner = await signUp(t.app, 'Owner Without Mail');
  other = await signUp(t.app, 'Someone Else');
});

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser | null, payload?: unknown, host = 'localhost:3000') {
  return t.app.inject({ method, url, headers: { host, ...(who ? { cookie: who.cookie } : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

describe('workspace editors without a mail server', () => {
  it("the owner is told the e-mail was not sent and given a link that works; it is in no one else's answer", async () => {
    const invitee = await signUp(t.app, 'Invitee');
    const res = await api('POST', '/api/workspace/editors', owner, { email: invitee.email });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invitation_sent).toBe(false);
    const link: string = res.json().invitation_link;
    expect(link).toMatch(/^http:\/\/localhost:3000\/join-workspace\?token=[A-Za-z0-9_%-]{40,}$/);
    const token = decodeURIComponent(link.split('token=')[1]!);

    // Not in the owner's list, nor in what another owner sees.
    const list = await api('GET', '/api/workspace/editors', owner);
    expect(list.body).not.toContain(token);
    expect((await api('GET', '/api/workspace/editors', other)).body).not.toContain(token);

    // The person who follows it joins, and their answer holds no link.
    const joined = await api('POST', '/api/workspace/join', invitee, { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.body).not.toContain(token);
    expect(joined.json()).not.toHaveProperty('invitation_link');
  });
});

describe('app users without a mail server', () => {
  let appId: string;
  const sub = 'nomail-club';

  beforeAll(async () => {
    const res = await api('POST', '/api/apps', owner, { name: 'No Mail Club', subdomain: sub, kind: 'multipage' });
    expect(res.statusCode, res.body).toBe(201);
    appId = res.json().app.id;
  });

  it('adding a user answers the owner the link; it sets the password once and reaches no guest', async () => {
    const email = uniqueEmail('pat');
    const res = await api('POST', '/api/mutipageapp_users', owner, { appId, name: 'Pat', email, permissions: 'read' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invitation_sent).toBe(false);
    const link: string = res.json().invitation_link;
    expect(link).toMatch(new RegExp(`^http://${sub}\\.localhost:3000/accept-invitation\\?token=[A-Za-z0-9_%-]{40,}$`));
    const token = decodeURIComponent(link.split('token=')[1]!);

    // The owner's list holds no link; another owner may not even read it.
    const list = await api('GET', `/api/mutipageapp_users/${appId}`, owner);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.body).not.toContain('invitation_link');
    expect((await api('GET', `/api/mutipageapp_users/${appId}`, other)).body).not.toContain(token);

    // A guest asking for a reset of that address hears nothing of the link.
    const forgot = await api('POST', '/api/app-auth/forgot-password', null, { email }, `${sub}.localhost:3000`);
    expect(forgot.body).not.toContain(token);
    expect(forgot.body).not.toContain('invitation_link');

    // The link sets the password; the invited person's answer holds no link.
    const accepted = await api('POST', '/api/app-auth/accept-invitation', null, { token, password: 'pat-password-1' }, `${sub}.localhost:3000`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.body).not.toContain(token);
    expect(accepted.body).not.toContain('invitation_link');
    const again = await api('POST', '/api/app-auth/accept-invitation', null, { token, password: 'pat-password-2' }, `${sub}.localhost:3000`);
    expect(again.statusCode).toBe(400);
  });

  it("changing a not-yet-invited user's address answers the new link; an edit that mails nothing answers none", async () => {
    const first = await api('POST', '/api/mutipageapp_users', owner, { appId, name: 'Quinn', email: uniqueEmail('quinn'), permissions: 'read' });
    const user = first.json().new_app_user;
    const moved = await api('PUT', '/api/mutipageapp_users', owner, { appId, userId: user.id, name: 'Quinn', email: uniqueEmail('quinn2'), permissions: 'read' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().invitation_sent).toBe(false);
    expect(moved.json().invitation_link).toMatch(/\/accept-invitation\?token=/);
    expect(moved.json().invitation_link).not.toBe(first.json().invitation_link);
    const renamed = await api('PUT', '/api/mutipageapp_users', owner, { appId, userId: user.id, name: 'Quinn R', email: moved.json().updated_user.email, permissions: 'read' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).not.toHaveProperty('invitation_link');
    expect(renamed.json()).not.toHaveProperty('invitation_sent');
  });

  it('a guest registering gets no link', async () => {
    // Registration is refused without a register block; with or without it no link is answered.
    const res = await api('POST', '/api/app-auth/register', null, { name: 'Guest', email: uniqueEmail('guest'), password: 'guest-password-1' }, `${sub}.localhost:3000`);
    expect(res.body).not.toContain('invitation_link');
    expect(res.body).not.toContain('/accept-invitation');
  });
});
