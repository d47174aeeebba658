import { Anchor, Stack } from '@mantine/core';

/** The links to the privacy policy and the platform terms of use (configurable, /api/public-config). */
export function PolicyLinks({ privacyPolicyUrl, termsOfUseUrl, gap = 'sm' }: { privacyPolicyUrl?: string; termsOfUseUrl?: string; gap?: number | string }) {
  return (
    <Stack gap={gap}>
      <Anchor href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
        Política de privacidade
      </Anchor>
      <Anchor href={termsOfUseUrl} target="_blank" rel="noopener noreferrer">
        Termos de uso da plataforma
      </Anchor>
    </Stack>
  );
}
