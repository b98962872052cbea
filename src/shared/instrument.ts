/**
 * What a share is of: a player or a team. The wire keeps docs/api.md's names for it (itemType,
 * askType); inside the game it is an InstrumentKind.
 */
export const INSTRUMENT_KINDS = ['player', 'team'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];
