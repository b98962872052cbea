import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../config.js';
import { openDb } from '../../db/client.js';
import { createPushSubscriptionsRepo } from '../../db/repos/push-subscriptions.js';
import { EventBus } from '../../engine/events.js';
import { migrationsDir } from '../../paths.js';
import { isAllowedPushService } from './allow-list.js';
import { createPushSender } from './sender.js';
import { api, registerUser, startTestServer } from '../test-support/server.js';
import { browserKeys } from './test-support/push-endpoint.js';
import webpush from 'web-push';

describe('the push services the server sends to', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://FCM.googleapis.com:443/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://api.push.apple.com/3/device/abc',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('accepts a real service’s endpoint: %s', (endpoint) => {
    expect(isAllowedPushService(endpoint, DEFAULT_PUSH_SERVICE_HOSTS)).toBe(true);
  });

  it.each([
    // Other hosts of the same companies: a file host and a script runner can be made to post anywhere.
    'https://storage.googleapis.com/bucket/object',
    'https://script.google.com/macros/s/abc/exec',
    'https://android.googleapis.com/gcm/send/abc',
    'https://googleapis.com/fcm/send/abc',
    'https://push.apple.com/abc',
    'https://notify.windows.com/w/?token=abc',
    // Odd ports, schemes and spellings of a real host.
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com:80/fcm/send/abc',
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com./fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/fcm/send/abc',
    'https://evilfcm.googleapis.com/fcm/send/abc',
    'https://user:pass@fcm.googleapis.com/fcm/send/abc',
    'https://wns2-par02p.notify.windows.com:8080/w/',
    'https://notify.windows.com.evil.example/w/',
    'https://127.0.0.1/push',
    'https://[::1]/push',
    'not a url',
  ])('refuses %s', (endpoint) => {
    expect(isAllowedPushService(endpoint, DEFAULT_PUSH_SERVICE_HOSTS)).toBe(false);
  });

  it('takes another port only where an entry names it (a test’s own endpoint)', () => {
    expect(isAllowedPushService('https://127.0.0.1:40123/push/a', ['127.0.0.1:40123'])).toBe(true);
    expect(isAllowedPushService('https://127.0.0.1:40124/push/a', ['127.0.0.1:40123'])).toBe(false);
    expect(isAllowedPushService('https://127.0.0.1/push/a', ['127.0.0.1:40123'])).toBe(false);
  });

  it('checks again before sending: a saved subscription on a service no longer allowed gets nothing, and is removed', async () => {
    const db = openDb({ file: ':memory:', migrationsFolder: migrationsDir });
    db.$client
      .prepare("INSERT INTO users (id, username, email_hash, password_hash, is_admin, balance_cents, created_at) VALUES (1, 'amy', 'h', 'x', 0, 0, 1)")
      .run();
    const subscriptions = createPushSubscriptionsRepo(db);
    subscriptions.save(1, { endpoint: 'https://storage.googleapis.com/bucket/x', p256dh: 'k'.repeat(87), auth: 'a'.repeat(22) }, ['orderFilled'], 1);
    subscriptions.save(1, { endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x', p256dh: 'k'.repeat(87), auth: 'a'.repeat(22) }, ['orderFilled'], 1);
    const bus = new EventBus();
    const sender = createPushSender({
      bus,
      subscriptions,
      holdersOf: () => [],
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:admin@example.com',
      logger: pino({ level: 'silent' }),
      gatherMs: 10,
      windowMs: 10,
      hosts: DEFAULT_PUSH_SERVICE_HOSTS,
    });
    bus.publish([
      {
        type: 'orderFilled',
        userId: 1,
        side: 'offer',
        orderId: 1,
        automatic: false,
        minSellPriceCents: null,
        itemType: 'player',
        itemId: 7,
        itemName: 'A Player',
        shares: 3,
        priceCents: 150,
      },
    ]);
    await expect.poll(() => sender.stats().removed, { timeout: 5_000 }).toBe(2);
    expect(sender.stats().sent).toBe(0);
    expect(subscriptions.any()).toBe(false);
    sender.stop();
    db.$client.close();
  });

  it('drops, when the server starts, the saved subscriptions its list no longer allows', async () => {
    const first = await startTestServer({ env: { PUSH_SERVICE_HOSTS: 'push.example:8443' } });
    const user = await registerUser(first.url);
    const subscribe = { subscription: { endpoint: 'https://push.example:8443/sub/1', keys: browserKeys().json }, kinds: ['orderFilled'] };
    expect((await api(first.url, 'POST', '/push/subscriptions', subscribe, user.token)).status).toBe(200);
    expect(createPushSubscriptionsRepo(first.accounts).any()).toBe(true);
    await first.close();
    const again = await startTestServer({ dataDir: first.dataDir });
    try {
      expect(createPushSubscriptionsRepo(again.accounts).any()).toBe(false);
      expect(again.logs().some((l) => l.includes('Removed 1 push subscription(s)'))).toBe(true);
      expect(await api(again.url, 'POST', '/push/subscriptions', subscribe, user.token)).toMatchObject({ status: 400 });
    } finally {
      await again.stop();
      await first.stop();
    }
  });
});
