import { ApiError } from '../../../lib/api';
import { AccessDenied } from '../../../ui/access-denied';
import { LoadError } from '../../../ui/load-error';
import { STORE_MSG } from '@edu/shared/store';

/** LoadError, except that a 403 shows the server's reason (e.g. the suspended institution's notice). */
export function StoreError({ error, onRetry, retrying, title }: { error: unknown; onRetry: () => void; retrying?: boolean; title?: string }) {
  if (error instanceof ApiError && error.status === 403) return <AccessDenied title={title} message={error.message} />;
  return <LoadError error={error} message={STORE_MSG.loadFail} onRetry={onRetry} retrying={retrying} />;
}
