/** Colour arithmetic for the team themes: WCAG contrast, so text on team colours stays readable. */

type Rgb = readonly [number, number, number];

export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return [0, 0, 0];
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`.toUpperCase();
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const LIGHT_TEXT = '#FFFFFF';
export const DARK_TEXT = '#111418';

/** White or near-black, whichever reads better on `background`. */
export function readableTextOn(background: string): string {
  return contrast(background, LIGHT_TEXT) >= contrast(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/** `hex` mixed with black by `amount` (0 to 1). */
export function darken(hex: string, amount: number): string {
  const [r, g, b] = parseHex(hex);
  return toHex([r * (1 - amount), g * (1 - amount), b * (1 - amount)]);
}

/** `hex`, darkened step by step until it has at least `ratio` contrast with `against`. */
export function darkenUntil(hex: string, against: string, ratio: number): string {
  let colour = hex;
  for (let step = 0; step < 20 && contrast(colour, against) < ratio; step++) colour = darken(colour, 0.12);
  return colour;
}

/** `hex` mixed with white by `amount` (0 to 1). */
export function lighten(hex: string, amount: number): string {
  const [r, g, b] = parseHex(hex);
  return toHex([r + (255 - r) * amount, g + (255 - g) * amount, b + (255 - b) * amount]);
}

/** `hex`, lightened step by step until it has at least `ratio` contrast with `against` (a dark surface). */
export function lightenUntil(hex: string, against: string, ratio: number): string {
  let colour = hex;
  for (let step = 0; step < 20 && contrast(colour, against) < ratio; step++) colour = lighten(colour, 0.12);
  return colour;
}
