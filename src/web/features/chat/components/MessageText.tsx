import { LinkifyIt } from 'linkify-it';
import type { ReactNode } from 'react';
import styles from './MessageText.module.css';

/** Finds web addresses only: http(s) links and bare domains (example.com); no mail, ftp or protocol-relative links. */
const linkify = new LinkifyIt().add('ftp:', null).add('mailto:', null).add('//', null).set({ fuzzyEmail: false });

/** Characters that reorder text: an address holding one could show as another, so it stays text. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** The address as a link target, or null when it is not a plain http(s) address. */
function safeHref(url: string): string | null {
  if (BIDI_CONTROLS.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The characters that embed, override or isolate a direction, by the names Unicode gives them. */
const DIRECTION_CONTROLS: Record<string, string> = {
  '\u202A': 'LRE',
  '\u202B': 'RLE',
  '\u202C': 'PDF',
  '\u202D': 'LRO',
  '\u202E': 'RLO',
  '\u2066': 'LRI',
  '\u2067': 'RLI',
  '\u2068': 'FSI',
  '\u2069': 'PDI',
};
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * Plain text, with each direction control shown as a small mark naming it instead of applied: a
 * "right-to-left override" cannot make "exe.png" of "gnp.exe" (or turn a name around).
 */
function plain(text: string, key: number): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(DIRECTION_CONTROL)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    const name = DIRECTION_CONTROLS[m[0]]!;
    out.push(
      <span
        key={`${key}-${m.index}`}
        className={styles.control}
        title={`A direction control (${name}, U+${m[0].codePointAt(0)!.toString(16).toUpperCase()}) shown instead of applied`}
      >
        {name}
      </span>,
    );
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/**
 * A message's text as text: never parsed as markup (React puts it in text nodes), its web addresses
 * as plain links that open in a new tab without the page's reference, its direction controls shown
 * as marks. Right-to-left writing shows as it should (`dir="auto"`), isolated from the name and the
 * time beside it.
 */
export function MessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of linkify.match(text) ?? []) {
    const href = safeHref(match.url);
    if (!href) continue;
    if (match.index > at) parts.push(...plain(text.slice(at, match.index), at));
    parts.push(
      <a key={match.index} href={href} target="_blank" rel="noopener noreferrer nofollow ugc" className={styles.link}>
        {match.text}
      </a>,
    );
    at = match.lastIndex;
  }
  if (at < text.length) parts.push(...plain(text.slice(at), at));
  return (
    <p className={styles.text} dir="auto" data-testid="message-text">
      {parts}
    </p>
  );
}
