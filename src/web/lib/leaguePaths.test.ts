import { describe, expect, it } from 'vitest';
import { isLeaguePage, leaguePath, leagueTo, parseLeaguePath, pathAfterSwitch } from './leaguePaths';

describe('parseLeaguePath', () => {
  it('reads the league and the page inside it', () => {
    expect(parseLeaguePath('/l/friends/market/12')).toEqual({ slug: 'friends', rest: '/market/12' });
    expect(parseLeaguePath('/l/friends/public/3')).toEqual({ slug: 'friends', rest: '/public/3' });
  });

  it('takes the league alone as its home page', () => {
    expect(parseLeaguePath('/l/friends')).toEqual({ slug: 'friends', rest: '/' });
    expect(parseLeaguePath('/l/friends/')).toEqual({ slug: 'friends', rest: '/' });
  });

  it('finds no league in an unprefixed page', () => {
    expect(parseLeaguePath('/market/12')).toEqual({ slug: null, rest: '/market/12' });
    expect(parseLeaguePath('/')).toEqual({ slug: null, rest: '/' });
    expect(parseLeaguePath('/leagues')).toEqual({ slug: null, rest: '/leagues' });
    expect(parseLeaguePath('/l')).toEqual({ slug: null, rest: '/l' });
    expect(parseLeaguePath('/l/')).toEqual({ slug: null, rest: '/l/' });
  });

  it('decodes the slug, and refuses one that does not decode', () => {
    expect(parseLeaguePath('/l/caf%C3%A9/market')).toEqual({ slug: 'café', rest: '/market' });
    expect(parseLeaguePath('/l/%E0%A4%A/market').slug).toBeNull();
  });
});

describe('leaguePath', () => {
  it('puts a league page under the prefix', () => {
    expect(leaguePath('friends', '/market/12')).toBe('/l/friends/market/12');
    expect(leaguePath('friends', '/leaderboard')).toBe('/l/friends/leaderboard');
    expect(leaguePath('friends', '/public/7')).toBe('/l/friends/public/7');
    expect(leaguePath('friends', '/')).toBe('/l/friends');
  });

  it('keeps the query and the fragment', () => {
    expect(leaguePath('friends', '/market?sort=price#top')).toBe('/l/friends/market?sort=price#top');
    expect(leaguePath('friends', '/?tab=1')).toBe('/l/friends?tab=1');
  });

  it('leaves pages of no league, other leagues and relative links alone', () => {
    for (const path of ['/login', '/register', '/reset-password?token=x', '/privacy', '/changelog', '/leagues', '/join/abc']) {
      expect(leaguePath('friends', path)).toBe(path);
    }
    expect(leaguePath('friends', '/l/others/market')).toBe('/l/others/market');
    expect(leaguePath('friends', 'shareholders')).toBe('shareholders');
    expect(leaguePath('friends', '//example.com')).toBe('//example.com');
  });

  it('changes nothing without a league', () => {
    expect(leaguePath(null, '/market/12')).toBe('/market/12');
  });

  it('encodes the slug', () => {
    expect(leaguePath('a b', '/market')).toBe('/l/a%20b/market');
    expect(parseLeaguePath(leaguePath('café', '/market'))).toEqual({ slug: 'café', rest: '/market' });
  });
});

describe('leagueTo', () => {
  it('maps the pathname of a location object', () => {
    expect(leagueTo('friends', { pathname: '/market', search: '?q=1' })).toEqual({ pathname: '/l/friends/market', search: '?q=1' });
    expect(leagueTo('friends', { search: '?q=1' })).toEqual({ search: '?q=1' });
    expect(leagueTo('friends', '/teams/3')).toBe('/l/friends/teams/3');
  });
});

describe('isLeaguePage', () => {
  it('tells league pages from pages of no league', () => {
    expect(isLeaguePage('/market')).toBe(true);
    expect(isLeaguePage('/admin')).toBe(true);
    expect(isLeaguePage('/')).toBe(true);
    expect(isLeaguePage('/leagues')).toBe(false);
    expect(isLeaguePage('/join/abc')).toBe(false);
  });
});

describe('pathAfterSwitch', () => {
  it('keeps the kind of page, without the prefix', () => {
    expect(pathAfterSwitch('/l/friends/market/12')).toBe('/market/12');
    expect(pathAfterSwitch('/portfolio')).toBe('/portfolio');
    expect(pathAfterSwitch('/l/friends')).toBe('/');
  });

  it('leaves pages that belong to one league or to none for the home page or the leaderboard', () => {
    expect(pathAfterSwitch('/l/friends/public/4')).toBe('/leaderboard');
    expect(pathAfterSwitch('/l/friends/settings')).toBe('/');
    expect(pathAfterSwitch('/leagues')).toBe('/');
    expect(pathAfterSwitch('/join/abc')).toBe('/');
  });
});
