import { describe, expect, it } from 'vitest';
import { addUser, emptyDb } from '../test-support/fixtures.js';
import { createPushSubscriptionsRepo, MAX_SUBSCRIPTIONS_PER_USER } from './push-subscriptions.js';

const sub = (n: number) => ({ endpoint: `https://push.example/${n}`, p256dh: `key${n}`, auth: `auth${n}` });

describe('push subscriptions', () => {
  it('keep exactly the kinds last chosen, for their owner only; an endpoint subscribed again by another account moves to it', () => {
    const db = emptyDb();
    const [alice, bob] = [addUser(db, 'alice'), addUser(db, 'bob')];
    const repo = createPushSubscriptionsRepo(db);
    const id = repo.save(alice, sub(1), ['orderFilled', 'outbid', 'orderFilled'], 1);
    expect(repo.kinds(alice, sub(1).endpoint)).toEqual(['orderFilled', 'outbid']);
    expect(repo.save(alice, sub(1), ['newOffer'], 2)).toBe(id);
    expect(repo.kinds(alice, sub(1).endpoint)).toEqual(['newOffer']);
    expect(repo.kinds(bob, sub(1).endpoint)).toBeNull();
    expect(repo.remove(bob, sub(1).endpoint)).toBe(false);

    repo.save(bob, sub(1), ['outbid'], 3);
    expect(repo.kinds(alice, sub(1).endpoint)).toBeNull();
    expect(repo.ofUser(bob, 'outbid').map((t) => t.endpoint)).toEqual([sub(1).endpoint]);
    expect(repo.ofUser(bob, 'newOffer')).toEqual([]);
    expect(repo.remove(bob, sub(1).endpoint)).toBe(true);
    expect(repo.ofUser(bob, 'outbid')).toEqual([]);
  });

  it("find the subscriptions of the users named (a league's holders) that chose the kind", () => {
    const db = emptyDb();
    const [seller, holder, teamHolder, outsider] = ['s', 'h', 't', 'o'].map((n) => addUser(db, n)) as [number, number, number, number];
    const repo = createPushSubscriptionsRepo(db);
    for (const [i, user] of [seller, holder, teamHolder, outsider].entries()) repo.save(user, sub(i), ['newOffer'], i);
    repo.save(holder, sub(9), ['outbid'], 9);
    expect(repo.ofUsers([holder, teamHolder], 'newOffer').map((t) => [t.userId, t.endpoint])).toEqual([
      [holder, sub(1).endpoint],
      [teamHolder, sub(2).endpoint],
    ]);
    expect(repo.ofUsers([holder], 'outbid').map((t) => t.endpoint)).toEqual([sub(9).endpoint]);
    expect(repo.ofUsers([], 'newOffer')).toEqual([]);
  });

  it(`keep at most ${MAX_SUBSCRIPTIONS_PER_USER} devices per user, dropping the oldest`, () => {
    const db = emptyDb();
    const alice = addUser(db, 'alice');
    const repo = createPushSubscriptionsRepo(db);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_USER + 2; i += 1) repo.save(alice, sub(i), ['outbid'], i);
    const kept = repo.ofUser(alice, 'outbid').map((t) => t.endpoint);
    expect(kept).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(kept).not.toContain(sub(0).endpoint);
    expect(kept).not.toContain(sub(1).endpoint);
    expect(kept).toContain(sub(MAX_SUBSCRIPTIONS_PER_USER + 1).endpoint);
  });
});
