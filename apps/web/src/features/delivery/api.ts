/** The delivery calls (issue 12): unit packages, the AI review file, students' share links. */
import { packageFileName, packagesRoutes, reviewFileName } from '@edu/shared/packages';
import { shareLinksRoutes, type ShareKind, type ShareLinkBody } from '@edu/shared/share-links';
import { call, callFile } from '../../lib/api';

export const deliveryKeys = {
  all: ['delivery'] as const,
  package: (itemContentId: number) => ['delivery', 'package', itemContentId] as const,
};

export const requestPackage = (id: number) => call(packagesRoutes.request, { params: { id } });
export const packageStatus = (id: number) => call(packagesRoutes.status, { params: { id } });
export const downloadPackage = (id: number) => callFile(packagesRoutes.file, { params: { id }, fallbackName: packageFileName(id) });
export const downloadReview = (id: number) =>
  callFile(packagesRoutes.autoReview, { params: { id }, query: { returnFile: 'true' }, fallbackName: reviewFileName(id) });
export const createShareLink = (kind: ShareKind, id: number, body: ShareLinkBody) =>
  call(kind === 'unit' ? shareLinksRoutes.unit : shareLinksRoutes.subject, { params: { id }, body });
