import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCommand } from '../../../lib/useCommand';
import { Spinner } from '../../../components/Spinner';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { PUSH_KIND_LABELS, PUSH_KINDS, type PushKind } from '../../../../shared/push';
import { errorMessage, useTRPC } from '../../../lib/trpc';
import { allowNotificationsSteps, useNotificationPermission } from '../../../pwa/notificationPermission';
import { browserSubscription, NOTIFICATIONS_BLOCKED, pushSupported, subscribeBrowser, subscriptionJson } from '../../../pwa/pushSubscription';
import '../../../components/controls.css';
import './NotifySettings.css';

export const NOTIFY_FAILED = 'Could not change notifications';

/**
 * "Notify me": a switch per kind of push notification, for this browser. The first switch turned on
 * asks for permission and subscribes the browser; the last one turned off removes the subscription
 * on the server and in the browser.
 */
export function NotifySettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const supported = pushSupported();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(supported ? undefined : null);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void browserSubscription().then(
      (sub) => live && setEndpoint(sub?.endpoint ?? null),
      () => live && setEndpoint(null),
    );
    return () => {
      live = false;
    };
  }, [supported]);

  const status = useQuery(trpc.push.status.queryOptions(endpoint ? { endpoint } : skipToken));
  const kinds = new Set<PushKind>(endpoint ? (status.data?.kinds ?? []) : []);
  const publicKey = useQuery({ ...trpc.push.publicKey.queryOptions(), enabled: supported, staleTime: Infinity });

  const subscribe = useMutation(trpc.push.subscribe.mutationOptions());
  const unsubscribe = useMutation(trpc.push.unsubscribe.mutationOptions());
  // One switch flipped is one command: its key goes to the subscribe or unsubscribe call it makes.
  const change = useCommand('push.change', {
    mutationFn: async ({ next, idempotencyKey }: { next: PushKind[]; idempotencyKey?: string | undefined }) => {
      if (next.length === 0) {
        const sub = await browserSubscription();
        if (sub) {
          await unsubscribe.mutateAsync({ endpoint: sub.endpoint, idempotencyKey });
          await sub.unsubscribe();
        }
        return null;
      }
      const key = publicKey.data?.publicKey ?? (await queryClient.fetchQuery(trpc.push.publicKey.queryOptions())).publicKey;
      const sub = await subscribeBrowser(key);
      await subscribe.mutateAsync({ subscription: subscriptionJson(sub), kinds: next, idempotencyKey });
      return sub.endpoint;
    },
    onSuccess: async (next) => {
      setEndpoint(next);
      if (next) await queryClient.invalidateQueries(trpc.push.status.queryFilter({ endpoint: next }));
    },
    // Blocked by the browser: the card says how to allow them (below); anything else, a toast.
    onError: (error) => {
      if (!(error instanceof Error && error.message === NOTIFICATIONS_BLOCKED)) toast.error(errorMessage(error, NOTIFY_FAILED));
    },
  });
  const toggle = (kind: PushKind, on: boolean) => {
    const next = PUSH_KINDS.filter((k) => (k === kind ? on : kinds.has(k)));
    change.submit({ next });
  };

  const loading = supported && (endpoint === undefined || (endpoint !== null && status.isPending));
  const permission = useNotificationPermission();
  const blocked = supported && (permission === 'denied' || (change.error instanceof Error && change.error.message === NOTIFICATIONS_BLOCKED));
  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Notify me</h2>
      <div className="card notify-card" data-testid="notify-settings">
        {!supported ? (
          <p className="muted">This browser cannot show notifications from the game. On a phone, install the app first (Add to Home Screen).</p>
        ) : (
          <>
            <p className="muted">Notifications on this device, even with the app closed. At most one a minute for each player or team.</p>
            {blocked ? <BlockedNotice /> : null}
            <ul className="notify-list">
              {PUSH_KINDS.map((kind) => (
                <li key={kind}>
                  <label className="switch">
                    <input
                      type="checkbox"
                      role="switch"
                      checked={kinds.has(kind)}
                      disabled={loading || change.pending || (permission === 'denied' && !kinds.has(kind))}
                      aria-busy={change.pending || undefined}
                      onChange={(e) => toggle(kind, e.target.checked)}
                    />
                    <span className="switch-track" aria-hidden="true" />
                    <span>{PUSH_KIND_LABELS[kind]}</span>
                    {change.pending && change.variables?.next.includes(kind) !== kinds.has(kind) ? <Spinner size="sm" /> : null}
                  </label>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

/** Where the browser blocks notifications, the switches cannot turn them on: how to allow them. */
function BlockedNotice() {
  return (
    <div className="notice notice-warning" role="status" data-testid="notifications-blocked">
      <p>
        <strong>Notifications are blocked for this site in your browser.</strong> To allow them:
      </p>
      <ol>
        {allowNotificationsSteps(navigator.userAgent).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}
