import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PUSH_SERVICE_HOSTS, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({ port: 3000, dataDir: './data', smtpUrl: undefined, publicUrl: 'http://localhost:3000', metricsToken: undefined });
  });

  it('names the default league and lets anyone create leagues unless told admins only', () => {
    expect(loadConfig({})).toMatchObject({ leagueName: 'Hoops Exchange', leagueCreation: 'anyone' });
    expect(loadConfig({ LEAGUE_NAME: ' Friday Night Hoops ', LEAGUE_CREATION: 'admins' })).toMatchObject({
      leagueName: 'Friday Night Hoops',
      leagueCreation: 'admins',
    });
  });

  it('turns /metrics on with METRICS_TOKEN, and leaves it off when the variable is empty', () => {
    expect(loadConfig({ METRICS_TOKEN: 'scrape-me-0123456789' }).metricsToken).toBe('scrape-me-0123456789');
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });

  it('reads every variable and freezes the result', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/srv/hoops', SMTP_URL: 'smtp://mail:25', PUBLIC_URL: 'https://hoops.example/' });
    expect(config).toMatchObject({ port: 8080, dataDir: '/srv/hoops', smtpUrl: 'smtp://mail:25', publicUrl: 'https://hoops.example' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/99' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'caddy.example' }, 'TRUST_PROXY'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'has a space in it, sadly' }, 'METRICS_TOKEN'],
    [{ PUSH_SERVICE_HOSTS: 'https://push.example/' }, 'PUSH_SERVICE_HOSTS'],
    [{ PUSH_SERVICE_HOSTS: 'push.example:99999' }, 'PUSH_SERVICE_HOSTS'],
    [{ PUSH_SERVICE_HOSTS: '*push.example' }, 'PUSH_SERVICE_HOSTS'],
    [{ LEAGUE_NAME: 'ab' }, 'LEAGUE_NAME'],
    [{ LEAGUE_CREATION: 'nobody' }, 'LEAGUE_CREATION'],
    [{ LEAGUE_IDLE_MINUTES: '-1' }, 'LEAGUE_IDLE_MINUTES'],
    [{ LEAGUE_IDLE_MINUTES: 'soon' }, 'LEAGUE_IDLE_MINUTES'],
    [{ MAX_LEAGUES: '0' }, 'MAX_LEAGUES'],
    [{ MAX_LEAGUES: '2.5' }, 'MAX_LEAGUES'],
    [{ LEAGUE_NAME: 'Bad\nName' }, 'LEAGUE_NAME'],
  ])('stops on %j with a message naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['127.0.0.1', { addresses: ['127.0.0.1'] }],
    ['loopback, 10.0.0.0/8 ,fd00::/8', { addresses: ['loopback', '10.0.0.0/8', 'fd00::/8'] }],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('sends push notifications to the browsers’ push services, by exact host, unless PUSH_SERVICE_HOSTS names others', () => {
    expect(loadConfig({}).pushServiceHosts).toEqual(DEFAULT_PUSH_SERVICE_HOSTS);
    expect(DEFAULT_PUSH_SERVICE_HOSTS).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      'api.push.apple.com',
      'api.sandbox.push.apple.com',
      '*.notify.windows.com',
    ]);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example , 127.0.0.1:8443, *.push.example' }).pushServiceHosts).toEqual([
      'push.example',
      '127.0.0.1:8443',
      '*.push.example',
    ]);
  });

  it('closes idle leagues after 10 minutes and holds at most 200 leagues unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ leagueIdleMs: 600_000, maxLeagues: 200 });
    expect(loadConfig({ LEAGUE_IDLE_MINUTES: '0.5', MAX_LEAGUES: '1000' })).toMatchObject({ leagueIdleMs: 30_000, maxLeagues: 1000 });
    expect(loadConfig({ LEAGUE_IDLE_MINUTES: '0' }).leagueIdleMs).toBe(0);
  });
});
