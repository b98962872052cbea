import sharp from 'sharp';
import { ACCOUNT_TEXT, AVATAR_MAX_BYTES, AVATAR_SIZE } from '../../shared/schemas/account.js';
import { AppError } from '../errors.js';

/** Pictures larger than this (width × height) are refused before they are decoded. */
export const AVATAR_MAX_PIXELS = 40_000_000;
/** How long one conversion may take. */
const TIMEOUT_SECONDS = 10;
/** Conversions running at once in this process; more are refused (each may hold a decoded picture). */
const MAX_CONCURRENT = 4;

/** Formats a browser can show that sharp decodes without a helper program. SVG is left out: it is a document, not a picture. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const DATA_URL = /^data:([a-z0-9.+/-]*)(;[a-z0-9=.+-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a base64 data URL, or an AppError saying why not. */
export function decodeDataUrl(dataUrl: string): Buffer {
  const header = DATA_URL.exec(dataUrl);
  if (!header) throw new AppError('BAD_REQUEST', ACCOUNT_TEXT.invalidFileType);
  const body = dataUrl.slice(header[0].length).replace(/\s+/g, '');
  if (body.length === 0 || !BASE64.test(body)) throw new AppError('BAD_REQUEST', ACCOUNT_TEXT.invalidFileType);
  // Checked before decoding: the base64 length says the size.
  if (Math.floor((body.length * 3) / 4) - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0) > AVATAR_MAX_BYTES) {
    throw new AppError('BAD_REQUEST', ACCOUNT_TEXT.imageTooLarge);
  }
  return Buffer.from(body, 'base64');
}

let running = 0;

/**
 * Any picture (JPEG, PNG, WebP, GIF, AVIF, TIFF) of at most AVATAR_MAX_BYTES and AVATAR_MAX_PIXELS,
 * turned the right way up, cropped to a square and resized to a 128×128 PNG, as a data URL.
 * Anything else — not a picture, truncated, or a small file declaring huge dimensions — is refused
 * with 'Invalid file type' or 'The image is too large', before it is decoded where possible.
 */
export async function toAvatarDataUrl(dataUrl: string): Promise<string> {
  const input = decodeDataUrl(dataUrl);
  if (running >= MAX_CONCURRENT) throw new AppError('TOO_MANY_REQUESTS', ACCOUNT_TEXT.busy);
  running += 1;
  try {
    const options = { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error', sequentialRead: true, pages: 1 } as const;
    let format: string | undefined;
    let pixels: number;
    try {
      // Reads the header only: the format and the declared size.
      const meta = await sharp(input, options).metadata();
      format = meta.format;
      pixels = (meta.width ?? 0) * (meta.height ?? 0);
    } catch (error) {
      // A header declaring more pixels than allowed (a decompression bomb) fails here, undecoded.
      const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
      throw new AppError('BAD_REQUEST', tooLarge ? ACCOUNT_TEXT.imageTooLarge : ACCOUNT_TEXT.invalidFileType);
    }
    if (!format || !ACCEPTED_FORMATS.has(format) || pixels === 0) throw new AppError('BAD_REQUEST', ACCOUNT_TEXT.invalidFileType);
    if (pixels > AVATAR_MAX_PIXELS) throw new AppError('BAD_REQUEST', ACCOUNT_TEXT.imageTooLarge);
    let png: Buffer;
    try {
      png = await sharp(input, options)
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .png({ compressionLevel: 9 })
        .timeout({ seconds: TIMEOUT_SECONDS })
        .toBuffer();
    } catch {
      // Truncated or corrupt data shows only when decoding.
      throw new AppError('BAD_REQUEST', ACCOUNT_TEXT.invalidFileType);
    }
    return `data:image/png;base64,${png.toString('base64')}`;
  } finally {
    running -= 1;
  }
}
