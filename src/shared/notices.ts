/**
 * A notice for one member of one league (docs/chat.md, "Rivalry"): what the toast, the push
 * notification (for the kinds one can opt into) and an inbox show. One shape for every kind, so an
 * inbox can keep them all.
 */
export const NOTICE_KINDS = ['passed', 'weeklyRecap'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface Notice {
  kind: NoticeKind;
  userId: number;
  leagueId: number;
  title: string;
  body: string;
  /** The page it is about (a path of the app). */
  url: string;
  /** When it happened, ISO. */
  at: string;
}
