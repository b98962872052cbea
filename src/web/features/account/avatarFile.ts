/**
 * Getting a picked file ready for PUT /users/{id}/avatar. The server takes a data URL of at most
 * 2 MB in the common picture formats and makes the 128×128 PNG itself. A larger picture, or one in
 * another format the browser can show (SVG, BMP, ICO…), is first redrawn here at a modest size, so
 * that any image the browser can pick works.
 */

const MAX_BYTES = 2 * 1024 * 1024;
/** Formats the server reads as they are. */
const SERVER_FORMATS = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff', 'image/heic', 'image/heif']);
/** The longest side of a picture redrawn in the browser. */
const REDRAW_SIDE = 512;

export type PreparedAvatar = { ok: true; dataUrl: string } | { ok: false; reason: 'not-an-image' | 'failed' };

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/** Decodes the picture with the browser (an <img> also handles SVG); null when it cannot. */
async function decode(file: File): Promise<{ source: CanvasImageSource; width: number; height: number; done(): void } | null> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    const width = img.naturalWidth || REDRAW_SIDE;
    const height = img.naturalHeight || REDRAW_SIDE;
    return { source: img, width, height, done: () => URL.revokeObjectURL(url) };
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
}

async function redraw(file: File): Promise<PreparedAvatar> {
  const picture = await decode(file);
  if (!picture) return { ok: false, reason: 'not-an-image' };
  try {
    const scale = Math.min(1, REDRAW_SIDE / Math.max(picture.width, picture.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(picture.width * scale));
    canvas.height = Math.max(1, Math.round(picture.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return { ok: false, reason: 'failed' };
    context.drawImage(picture.source, 0, 0, canvas.width, canvas.height);
    return { ok: true, dataUrl: canvas.toDataURL('image/png') };
  } catch {
    return { ok: false, reason: 'failed' };
  } finally {
    picture.done();
  }
}

/** docs/rules.md §11 Input: an image, else 'Invalid file type'. */
export async function prepareAvatar(file: File): Promise<PreparedAvatar> {
  if (!file.type.startsWith('image/')) return { ok: false, reason: 'not-an-image' };
  if (SERVER_FORMATS.has(file.type) && file.size <= MAX_BYTES) {
    try {
      return { ok: true, dataUrl: await readAsDataUrl(file) };
    } catch {
      return { ok: false, reason: 'failed' };
    }
  }
  return redraw(file);
}
