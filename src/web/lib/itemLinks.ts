import type { InstrumentKind } from '../../shared/instrument';

/** The page of a player (/market/{id}) or a team (/teams/{id}). */
export function itemPath(itemType: InstrumentKind, id: number): string {
  return itemType === 'team' ? `/teams/${id}` : `/market/${id}`;
}

/** A public portfolio. */
export function userPath(userId: number): string {
  return `/public/${userId}`;
}
