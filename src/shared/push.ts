/**
 * Push notifications a fan can opt into, per kind. A new kind (a commissioner's "someone joined"
 * once leagues exist) is one entry here, its switch label, and the event that sends it.
 */
export const PUSH_KINDS = ['orderFilled', 'outbid', 'newOffer', 'retired', 'passed'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The label of each kind's "Notify me" switch on the portfolio. */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  orderFilled: 'My order filled',
  outbid: 'I was outbid',
  newOffer: 'A new offer for shares I hold',
  retired: 'A player I hold retired',
  passed: 'Someone passed me in the standings',
};

/** What the server sends in a push message (encrypted for the subscription) and the service worker shows. */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  /** The page to open when the notification is clicked (a path of the app). */
  url: string;
  /** Notifications with the same tag replace each other: one per kind and instrument. */
  tag: string;
}

/** At most one notification per kind, instrument and user in this window; later events are summed into the next one. */
export const PUSH_WINDOW_MS = 60_000;
