import { describe, expect, it } from 'vitest';
import { contrast } from './colors';
import { DARK_SURFACE, THEMES, themeVariables } from './themes';

describe('team themes in both modes', () => {
  it.each(THEMES.map((t) => [t.code, t] as const))('%s: links and buttons reach 4.5:1 on the page, light and dark', (_code, theme) => {
    const light = themeVariables(theme, 'light');
    expect(contrast(light['--team-accent']!, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    const dark = themeVariables(theme, 'dark');
    for (const surface of [DARK_SURFACE, '#171D24', '#0F1419']) expect(contrast(dark['--team-accent']!, surface)).toBeGreaterThanOrEqual(4.5);
    for (const v of [light, dark]) {
      expect(contrast(v['--team-on-accent']!, v['--team-accent']!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v['--team-on-header']!, v['--team-header']!)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
