/**
 * The share-link button of the subject detail: once for the subject and once per unit row. Share
 * links are the institution's (its students and its LMS key): the provider side shows nothing. `canShare` is false
 * for users who may not share (seller_assistent); the server refuses them anyway.
 */
import { ShareLinkButton } from '../../delivery';
import type { Side } from '../api';

export interface ShareTarget {
  side: Side;
  kind: 'subject' | 'unit';
  subjectId: number;
  /** For a unit row. */
  subjectItemId?: number;
  itemId?: number;
  itemContentId?: number;
}

export function SubjectShareSlot({ target, canShare }: { target: ShareTarget; canShare: boolean }) {
  if (!canShare || target.side !== 'seller') return null;
  if (target.kind === 'subject') return <ShareLinkButton kind="subject" id={target.subjectId} />;
  return target.itemId ? <ShareLinkButton kind="unit" id={target.itemId} {...(target.itemContentId ? { itemContentId: target.itemContentId } : {})} /> : null;
}
