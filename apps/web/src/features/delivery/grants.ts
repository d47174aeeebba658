/** What the session's user may do of delivery: the server decides; the web only hides what would be refused. */
import { REVIEW_FILE_TYPES } from '@edu/shared/packages';
import { isSellerType, isStaff, isProviderType } from '@edu/shared/access';
import type { SessionUser } from '@edu/shared/auth';
import type { InstitutionGrant } from '@edu/shared/institutions';
import { LMS_EXPORT_TYPES } from '@edu/shared/lms-exports';
import { SHARE_LINK_TYPES } from '@edu/shared/share-links';

const granted = (user: SessionUser, grant: InstitutionGrant) => !!user.seller?.grants.includes(grant);

/** Packages: staff, provider users (their units), institutions granted `packages`. */
export const mayDownloadPackages = (user: SessionUser | null) =>
  !!user && (isStaff(user.type) || isProviderType(user.type) || (isSellerType(user.type) && granted(user, 'packages')));
/** Review files: staff, institutions granted `reviewFiles`. */
export const mayReviewFiles = (user: SessionUser | null) =>
  !!user && (REVIEW_FILE_TYPES as readonly string[]).includes(user.type) && (isStaff(user.type) || (isSellerType(user.type) && granted(user, 'reviewFiles')));
/** Share links: the institution's seller and content manager (never the assistant). */
export const mayShare = (user: SessionUser | null) => !!user && (SHARE_LINK_TYPES as readonly string[]).includes(user.type);
/** 'Gerar link provisório': also the `tempLinks` grant. */
export const mayShareTemporary = (user: SessionUser | null) => mayShare(user) && granted(user!, 'tempLinks');
/** LMS exports: who shares (the seller and the content manager); the SCORM package also needs `packages`. */
export const mayExportToLms = (user: SessionUser | null) => !!user && (LMS_EXPORT_TYPES as readonly string[]).includes(user.type);
export const mayDownloadScorm = (user: SessionUser | null) => mayExportToLms(user) && granted(user!, 'packages');
