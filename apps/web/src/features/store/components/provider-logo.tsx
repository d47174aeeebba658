import { Image } from '@mantine/core';

/** A provider's logo, or the default image (spec 3 §2.3). */
export function ProviderLogo({ url, name, size = 96 }: { url: string | null; name: string; size?: number }) {
  return <Image src={url || '/provider-default.svg'} alt={`Logo de ${name}`} w={size} h={size} fit="contain" radius="md" fallbackSrc="/provider-default.svg" />;
}
