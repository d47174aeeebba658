import type { AuditAction } from '@edu/shared/audit';
import { auditLogs } from './platform.tables';
import type { Executor } from './db';

export interface AuditEntry {
  userId: number | null;
  sellerId?: number | null;
  action: AuditAction;
  data?: Record<string, unknown>;
}

/** Write an audit entry. Call it with the transaction of the change it records. */
export async function record(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLogs).values({
    userId: entry.userId,
    sellerId: entry.sellerId ?? null,
    action: entry.action,
    data: entry.data ?? {},
  });
}

/** Write several audit entries in one statement (same transaction rule as `record`). */
export async function recordAll(tx: Executor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLogs).values(
    entries.map((entry) => ({ userId: entry.userId, sellerId: entry.sellerId ?? null, action: entry.action, data: entry.data ?? {} })),
  );
}
