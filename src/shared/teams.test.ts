import { describe, expect, it } from 'vitest';
import { DIVISIONS, SEA_THEME, TEAM_CODES, TEAMS, teamByCode } from './teams.js';

const HEX = /^#[0-9A-F]{6}$/;

describe('TEAMS', () => {
  it('has 30 teams with unique three-letter codes and unique names', () => {
    expect(TEAMS).toHaveLength(30);
    expect(new Set(TEAMS.map((t) => t.code)).size).toBe(30);
    expect(new Set(TEAMS.map((t) => t.name)).size).toBe(30);
    for (const t of TEAMS) expect(t.code).toMatch(/^[A-Z]{3}$/);
    expect(TEAM_CODES).toEqual(TEAMS.map((t) => t.code));
  });

  it('has 15 teams per conference and 5 per division, each division in its conference', () => {
    expect(TEAMS.filter((t) => t.conference === 'East')).toHaveLength(15);
    expect(TEAMS.filter((t) => t.conference === 'West')).toHaveLength(15);
    for (const d of DIVISIONS) {
      const teams = TEAMS.filter((t) => t.division === d.name);
      expect(teams, d.name).toHaveLength(5);
      for (const t of teams) expect(t.conference, t.code).toBe(d.conference);
    }
  });

  it('lists the six divisions in order, East first', () => {
    expect(DIVISIONS.map((d) => `${d.conference}/${d.name}`)).toEqual([
      'East/Atlantic',
      'East/Central',
      'East/Southeast',
      'West/Northwest',
      'West/Pacific',
      'West/Southwest',
    ]);
  });

  it('has valid #RRGGBB colours, two different per team', () => {
    for (const t of TEAMS) {
      expect(t.primaryColor, t.code).toMatch(HEX);
      expect(t.secondaryColor, t.code).toMatch(HEX);
      expect(t.primaryColor, t.code).not.toBe(t.secondaryColor);
    }
    expect(SEA_THEME).toEqual({ code: 'SEA', name: 'Seattle SuperSonics', primaryColor: '#00653A', secondaryColor: '#FFC200' });
    expect(TEAM_CODES).not.toContain('SEA');
  });

  it('places a few well-known teams correctly', () => {
    expect(teamByCode('BOS')).toMatchObject({ name: 'Boston Celtics', conference: 'East', division: 'Atlantic' });
    expect(teamByCode('lal')).toMatchObject({ name: 'Los Angeles Lakers', conference: 'West', division: 'Pacific' });
    expect(teamByCode('SAS')?.division).toBe('Southwest');
    expect(teamByCode('UTA')?.division).toBe('Northwest');
    expect(teamByCode('NOP')?.name).toBe('New Orleans Pelicans');
    expect(teamByCode('SEA')).toBeUndefined();
    expect(teamByCode('XXX')).toBeUndefined();
  });

  it('is frozen', () => {
    expect(Object.isFrozen(TEAMS)).toBe(true);
    expect(Object.isFrozen(TEAMS[0])).toBe(true);
    expect(Object.isFrozen(TEAM_CODES)).toBe(true);
    expect(Object.isFrozen(DIVISIONS)).toBe(true);
    expect(Object.isFrozen(SEA_THEME)).toBe(true);
  });
});
