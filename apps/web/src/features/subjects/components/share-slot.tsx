/**
 * THE SPOT FOR THE SHARE-LINK BUTTON (issue 12, item 9): the subject detail renders this once for the subject and
 * once per unit row. It renders nothing until the lead wires `ShareLinkButton` from features/delivery here, e.g.
 *
 *   import { ShareLinkButton } from '../../delivery';
 *   return <ShareLinkButton {...target} />;
 *
 * `canShare` is false for users who may not share (seller_assistent); the server refuses them anyway.
 */
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

export function SubjectShareSlot(_props: { target: ShareTarget; canShare: boolean }) {
  return null;
}
