import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAGUE_NAME_TEXT } from '../../shared/league-name.js';
import type { LeagueView } from '../../shared/schemas/leagues.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';

let server: TestServer;
let fan: TestUser;
beforeAll(async () => {
  server = await startTestServer({ env: { LEAGUE_NAME: 'Office Hoops' } });
  fan = await registerUser(server.url);
});
afterAll(() => server.stop());

describe('a league’s name, on create and rename (RULES.md, Leagues)', () => {
  it('refuses control and format characters, bad lengths and the default league’s name, with a clear message, creating nothing', async () => {
    const before = server.serverServices.registry.all().length;
    for (const [name, error] of [
      ['ab', LEAGUE_NAME_TEXT.length],
      ['Line\nBreak', LEAGUE_NAME_TEXT.characters],
      ['Nul\u0000Byte', LEAGUE_NAME_TEXT.characters],
      ['Right\u202eLeft', LEAGUE_NAME_TEXT.characters],
      ['Zero\u200bWidth', LEAGUE_NAME_TEXT.characters],
      ['office  HOOPS', LEAGUE_NAME_TEXT.reserved('Office Hoops')],
      ['ＯｆｆｉｃｅＨｏｏｐｓ', LEAGUE_NAME_TEXT.reserved('Office Hoops')],
    ] as const) {
      expect(await api(server.url, 'POST', '/leagues', { name }, fan.token), name).toMatchObject({ status: 400, body: { error } });
    }
    expect(server.serverServices.registry.all()).toHaveLength(before);
  });

  it('keeps a name trimmed and NFKC-normalised, and checks a rename the same way', async () => {
    const created = await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: '  Ｔｈｕｒｓｄａｙ Crew ' }, fan.token);
    expect(created.body.league).toMatchObject({ name: 'Thursday Crew', slug: 'thursday-crew' });
    const id = created.body.league.id;
    expect(await api(server.url, 'PATCH', `/leagues/${id}`, { name: 'Office Hoops' }, fan.token)).toMatchObject({
      status: 400,
      body: { error: LEAGUE_NAME_TEXT.reserved('Office Hoops') },
    });
    expect(await api(server.url, 'PATCH', `/leagues/${id}`, { name: 'Tab\there' }, fan.token)).toMatchObject({
      status: 400,
      body: { error: LEAGUE_NAME_TEXT.characters },
    });
    expect((await api<{ league: LeagueView }>(server.url, 'PATCH', `/leagues/${id}`, { name: ' Thursday ﬁve ' }, fan.token)).body.league.name).toBe(
      'Thursday five',
    );
    expect(server.serverServices.registry.byId(id)!.name).toBe('Thursday five');
  });
});
