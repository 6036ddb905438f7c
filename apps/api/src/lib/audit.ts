import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorUserId: string | null;
  companyId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  data?: Record<string, unknown>;
  ipAddress?: string;
}

/** Written inside the transaction of the change it describes. */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values(entry);
}
