/** The per-user sums of a plan being made: what it does to each user's cash, escrow and shares. */
import { NONE } from './plan-lists.js';
import type { AccountChange, UserId } from './types.js';

export interface MutableAccount {
  userId: UserId;
  cash: number;
  escrow: number;
  shares: number;
}

/** Past this many users in one plan, accounts are found through a map rather than a scan. */
const SCAN_LIMIT = 16;

const account = (userId: UserId): MutableAccount => ({ userId, cash: 0, escrow: 0, shares: 0 });

/**
 * The users a plan touches; `sorted` gives the plan's list, by user id. Most plans touch one to
 * three users: the first three are kept in fields, and the list is made once, at its length.
 */
export class AccountSet {
  private a: MutableAccount | null = null;
  private b: MutableAccount | null = null;
  private c: MutableAccount | null = null;
  /** The fourth user on, when there are more. */
  private more: MutableAccount[] | null = null;
  private index: Map<UserId, MutableAccount> | null = null;

  /** The user's account, opened at zero the first time. */
  of(userId: UserId): MutableAccount {
    if (this.a === null) return (this.a = account(userId));
    if (this.a.userId === userId) return this.a;
    if (this.b === null) return (this.b = account(userId));
    if (this.b.userId === userId) return this.b;
    if (this.c === null) return (this.c = account(userId));
    if (this.c.userId === userId) return this.c;
    return this.ofMore(userId);
  }

  sorted(): readonly AccountChange[] {
    const { a, b, c } = this;
    if (a === null) return NONE;
    if (b === null) return [a];
    if (c === null) return a.userId < b.userId ? [a, b] : [b, a];
    if (this.more === null) {
      let x = a;
      let y = b;
      let z = c;
      let t: MutableAccount;
      if (y.userId < x.userId) {
        t = x;
        x = y;
        y = t;
      }
      if (z.userId < y.userId) {
        t = y;
        y = z;
        z = t;
        if (y.userId < x.userId) {
          t = x;
          x = y;
          y = t;
        }
      }
      return [x, y, z];
    }
    const list = [a, b, c, ...this.more];
    if (list.length > SCAN_LIMIT) list.sort((p, q) => p.userId - q.userId);
    else sortByUser(list);
    return list;
  }

  private ofMore(userId: UserId): MutableAccount {
    const more = this.more;
    if (this.index !== null) {
      const found = this.index.get(userId);
      if (found) return found;
    } else if (more !== null) {
      for (let i = 0; i < more.length; i++) if (more[i]!.userId === userId) return more[i]!;
    }
    const added = account(userId);
    if (more === null) this.more = [added];
    else more.push(added);
    if (this.index !== null) {
      this.index.set(userId, added);
    } else if (this.more!.length + 3 > SCAN_LIMIT) {
      this.index = new Map([this.a!, this.b!, this.c!, ...this.more!].map((x) => [x.userId, x]));
    }
    return added;
  }
}

/** Insertion sort: a plan touches a handful of users, and this beats Array#sort's set-up cost. */
function sortByUser(accounts: MutableAccount[]): void {
  for (let i = 1; i < accounts.length; i++) {
    const x = accounts[i]!;
    let j = i - 1;
    while (j >= 0 && accounts[j]!.userId > x.userId) {
      accounts[j + 1] = accounts[j]!;
      j--;
    }
    accounts[j + 1] = x;
  }
}
