import { describe, expect, it } from 'vitest';
import { TEAMS } from '../../shared/teams';
import { contrast } from './colors';
import { faceSvg, playerFace, playerInitials, teamFace } from './faces';

describe('team badges', () => {
  it('draw every team’s code in its own colours, letters readable on the face (≥ 4.5:1)', () => {
    for (const t of TEAMS) {
      const face = teamFace(t.code);
      expect(face.text).toBe(t.code);
      expect(face.fill === t.primaryColor || contrast(face.fill, '#FFFFFF') >= 4.5).toBe(true);
      expect(contrast(face.fill, face.ink)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(face.fill, face.ring)).toBeGreaterThanOrEqual(1.5);
    }
  });

  it('fall back to neutral colours for a code the themes do not know', () => {
    const face = teamFace('xyz');
    expect(face.text).toBe('XYZ');
    expect(contrast(face.fill, face.ink)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('player avatars', () => {
  it('are the first and last initials, suffixes left out', () => {
    expect(playerInitials('LeBron James')).toBe('LJ');
    expect(playerInitials('Shai Gilgeous-Alexander')).toBe('SG');
    expect(playerInitials('Gary Trent Jr.')).toBe('GT');
    expect(playerInitials('Jaren Jackson Jr')).toBe('JJ');
    expect(playerInitials('Nenê')).toBe('N');
    expect(playerInitials("De'Aaron Fox")).toBe('DF');
    expect(playerInitials('  ')).toBe('?');
  });

  it('sit on the player’s team colours', () => {
    const lakers = TEAMS.find((t) => t.code === 'LAL')!;
    const face = playerFace('LeBron James', 'LAL');
    expect(face).toMatchObject({ text: 'LJ', shape: 'circle' });
    expect(face.fill).toBe(teamFace('LAL').fill);
    expect([lakers.primaryColor, lakers.secondaryColor]).toContain(teamFace('LAL').fill);
  });
});

describe('the SVG of a face', () => {
  it('is a standalone document with the letters escaped', () => {
    const svg = faceSvg({ text: 'A&B', fill: '#000000', ring: '#FFFFFF', ink: '#FFFFFF', shape: 'crest' }, 24);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"')).toBe(true);
    expect(svg).toContain('>A&amp;B</text>');
    expect(svg).toContain('<rect');
  });
});
