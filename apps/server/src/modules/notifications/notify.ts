/**
 * Put an entry in users' bells (spec 1 §2.14) from any module, inside the transaction of the change:
 * the text is sanitized on write and the users' open streams are told on commit.
 */
import type { Executor } from '../../platform/db';
import { publish } from '../../platform/events';
import { sanitizeRichText } from '../../platform/sanitize';
import { notifications } from './notifications.tables';

export async function notifyUsers(tx: Executor, userIds: number[], html: string): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const text = sanitizeRichText(html);
  await tx.insert(notifications).values(ids.map((userId) => ({ userId, text })));
  await publish(tx, { kind: 'notifications', userIds: ids });
}
