import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerProblems } from '../../engine/test-support/invariants.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof registerUser>>;
let playerId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerUser(server.url, 'the_admin');
  server.services.users.setAdmin(admin.id, true);
  const players = await api<{ id: number }[]>(server.url, 'GET', '/players');
  playerId = players.body[5]!.id;
});
afterAll(() => server.stop());

const calls = (id: number) =>
  [
    ['PATCH', `/players/${id}`, { newSalary: 5_000_000 }],
    ['POST', '/admin/retire-player', { playerId: id }],
    ['POST', '/admin/draft', {}],
    ['GET', '/admin/audit', undefined],
  ] as const;

describe('admin calls', () => {
  it('refuse a signed-in non-admin with 403 and an anonymous caller with 401, changing nothing', async () => {
    const user = await registerUser(server.url);
    const before = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
    for (const [method, path, body] of calls(playerId)) {
      expect(await api(server.url, method, path, body, user.token), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { error: 'Only admins can do that' },
      });
      expect((await api(server.url, method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    const after = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
    expect(after.body).toEqual(before.body);
    expect(server.services.admin.latestAudit(10)).toEqual([]);
  });

  it('let an admin change a salary, retire a player and run the draft, each audited', async () => {
    const salary = await api(server.url, 'PATCH', `/players/${playerId}`, { newSalary: 5_000_000 }, admin.token);
    expect(salary).toMatchObject({ status: 200, body: { message: 'Salary updated', newSalary: 5_000_000 } });
    const bad = await api(server.url, 'PATCH', `/players/${playerId}`, { newSalary: 1.5 }, admin.token);
    expect(bad).toMatchObject({ status: 400, body: { error: 'The new salary must be a whole number of dollars' } });

    const retired = await api(server.url, 'POST', '/admin/retire-player', { playerId }, admin.token);
    expect(retired).toMatchObject({ status: 200, body: { message: 'Player retired' } });
    expect(await api(server.url, 'POST', '/admin/retire-player', { playerId }, admin.token)).toMatchObject({ status: 400 });
    const players = await api<{ id: number }[]>(server.url, 'GET', '/players');
    expect(players.body.some((p) => p.id === playerId)).toBe(false);

    const draft = await api<{ message: string; picks: unknown[] }>(server.url, 'POST', '/admin/draft', {}, admin.token);
    expect(draft.status).toBe(200);
    expect(draft.body.message).toBe('Draft simulated');
    expect(draft.body.picks).toHaveLength(60);

    const audit = await api<{ action: string; actor: string }[]>(server.url, 'GET', '/admin/audit', undefined, admin.token);
    expect(audit.body.map((e) => e.action)).toEqual(['draft', 'player.retire', 'player.salary']);
    expect(audit.body.every((e) => e.actor === 'the_admin')).toBe(true);
    // The REST path takes the procedure's own input: a limit in the query string.
    const latest = await api<{ action: string }[]>(server.url, 'GET', '/admin/audit?limit=1', undefined, admin.token);
    expect(latest).toMatchObject({ status: 200, body: [{ action: 'draft' }] });
    expect(latest.body).toHaveLength(1);
    expect(ledgerProblems(server.db)).toEqual([]);
  });
});
