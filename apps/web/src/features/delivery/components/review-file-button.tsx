/**
 * The AI review file of a unit version (spec 3 §2.13 "A review-file generation action", §7, §8):
 * downloads review_{id}.txt. Staff and institutions granted `reviewFiles` only.
 */
import { Button } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { PACKAGE_MSG } from '@edu/shared/packages';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDownloadReview } from '../api';
import { mayReviewFiles } from '../grants';
import { saveFile } from '../save-file';

export function ReviewFileButton({ itemContentId }: { itemContentId: number }) {
  const user = useSessionUser();
  const review = useDownloadReview(itemContentId, {
    onSuccess: (file) => {
      saveFile(file.blob, file.fileName);
      toastSuccess(PACKAGE_MSG.reviewDone);
    },
    onError: () => toastError(PACKAGE_MSG.reviewFail, PACKAGE_MSG.reviewFailTitle),
  });
  if (!mayReviewFiles(user)) return null;
  return (
    <Button variant="light" leftSection={<IconFileText size={18} aria-hidden />} loading={review.isPending} onClick={() => review.mutate()}>
      {review.isPending ? PACKAGE_MSG.reviewing : PACKAGE_MSG.review}
    </Button>
  );
}
