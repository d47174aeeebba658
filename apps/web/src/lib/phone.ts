/**
 * Phones: up to Mantine's `xs` breakpoint (576 px). The layout rules for this width are in docs/architecture.md
 * ("Phones"); CSS uses `visibleFrom="xs"` / `hiddenFrom="xs"`, script uses PHONE_QUERY.
 */
import { em } from '@mantine/core';

export const PHONE_MAX_PX = 575;
export const PHONE_QUERY = `(max-width: ${em(PHONE_MAX_PX)})`;
