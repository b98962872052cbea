import type { Db } from '../client.js';

export interface UserCard {
  id: number;
  username: string;
  avatar: string | null;
  balanceCents: number;
}

/** The users a page of rows names, read by primary key (a page's worth at most). Only reads. */
export function createUserRowsRepo(db: Db) {
  const c = db.$client;
  const cards = c.prepare<[string], UserCard>(
    'SELECT id, username, avatar, balance_cents AS balanceCents FROM users WHERE id IN (SELECT value FROM json_each(?))',
  );
  const names = c.prepare<[string], { id: number; username: string }>('SELECT id, username FROM users WHERE id IN (SELECT value FROM json_each(?))');
  const members = c.prepare<[string], { id: number }>('SELECT id FROM users WHERE id IN (SELECT value FROM json_each(?)) AND left_at IS NULL');
  const first = c.prepare<[number], { id: number }>('SELECT id FROM users WHERE left_at IS NULL ORDER BY id LIMIT +?');
  const cash = c.prepare<[], { id: number; balanceCents: number }>('SELECT id, balance_cents AS balanceCents FROM users WHERE left_at IS NULL');
  return {
    /** Usernames by id. */
    names(ids: Iterable<number>): Map<number, string> {
      const list = [...new Set(ids)];
      return list.length === 0 ? new Map() : new Map(names.all(JSON.stringify(list)).map((r) => [r.id, r.username]));
    },
    /** Names, avatars and balances by id. */
    cards(ids: Iterable<number>): Map<number, UserCard> {
      const list = [...new Set(ids)];
      return list.length === 0 ? new Map() : new Map(cards.all(JSON.stringify(list)).map((r) => [r.id, r]));
    },
    /** Which of these users are members of the league now (not removed). */
    current(ids: Iterable<number>): Set<number> {
      const list = [...new Set(ids)];
      return list.length === 0 ? new Set() : new Set(members.all(JSON.stringify(list)).map((r) => r.id));
    },
    /** Every current member's cash (one row each: what a ranking by net worth needs beside the read models). */
    cash(): { id: number; balanceCents: number }[] {
      return cash.all();
    },
    /** The lowest `limit` ids of current members. */
    firstIds(limit: number): number[] {
      return first.all(limit).map((r) => r.id);
    },
  };
}
export type UserRowsRepo = ReturnType<typeof createUserRowsRepo>;
