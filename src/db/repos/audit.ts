import { desc } from 'drizzle-orm';
import type { Db } from '../client.js';
import { auditLog } from '../schema.js';

export type AuditEntry = typeof auditLog.$inferSelect;

export function createAuditRepo(db: Db) {
  return {
    record(entry: { actorId: number | null; actor: string; action: string; details: unknown; at: number }): void {
      db.insert(auditLog).values({ actorId: entry.actorId, actor: entry.actor, action: entry.action, details: entry.details, createdAt: entry.at }).run();
    },
    latest(limit: number): AuditEntry[] {
      return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit).all();
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
