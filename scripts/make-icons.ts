/**
 * Makes the app's PNG icons from public/favicon.svg (the logo): the sizes browsers ask for in the web
 * app manifest (192 and 512, a maskable 512 with the logo inside the safe zone) and Apple's 180 px
 * touch icon. Run `npm run icons` after changing the logo, and commit what it writes in public/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { projectRoot } from '../src/paths.js';

const publicDir = join(projectRoot, 'public');
const logo = join(publicDir, 'favicon.svg');
/** The default theme's header colour (SEA), also the manifest's theme_color. */
const BRAND = '#00653a';

/** The logo, `logoShare` of `size` wide, centred on a square of `background` (transparent by default). */
async function icon(size: number, logoShare: number, file: string, background?: string): Promise<void> {
  const inner = Math.round(size * logoShare);
  const mark = await sharp(logo, { density: 72 * Math.ceil(inner / 64) * 2 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const canvas = sharp({ create: { width: size, height: size, channels: 4, background: background ?? { r: 0, g: 0, b: 0, alpha: 0 } } }).composite([
    { input: mark, gravity: 'centre' },
  ]);
  // On a background the icon is opaque: no alpha channel at all (iOS shows transparency as black).
  const flat = background ? sharp(await canvas.png().toBuffer()).removeAlpha() : canvas;
  await flat.png({ compressionLevel: 9 }).toFile(join(publicDir, file));
  console.log(`wrote public/${file}`);
}

mkdirSync(join(publicDir, 'icons'), { recursive: true });
await icon(192, 1, 'icons/icon-192.png');
await icon(512, 1, 'icons/icon-512.png');
// Maskable: the platform may cut the icon to a circle of 80% of its width; the logo stays inside it.
await icon(512, 0.62, 'icons/icon-maskable-512.png', BRAND);
// iOS draws no transparency and rounds the corners itself.
await icon(180, 0.78, 'apple-touch-icon.png', BRAND);
