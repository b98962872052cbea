import { describe, expect, it } from 'vitest';
import { allowNotificationsSteps } from './notificationPermission';

describe('allowNotificationsSteps', () => {
  it('names the place of each browser where blocked notifications are allowed again', () => {
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const safari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    expect(allowNotificationsSteps(chrome).at(-1)).toContain('Set Notifications to Allow');
    expect(allowNotificationsSteps(firefox).at(-1)).toContain('clear “Blocked”');
    expect(allowNotificationsSteps(safari)[0]).toContain('Safari’s Settings');
    expect(allowNotificationsSteps(iphone)[0]).toContain('iPhone’s Settings');
  });
});
