/** The twelve resources of the picker: the shared kinds plus the icon and a one-line hint for each. */
import {
  IconAlertTriangle,
  IconBrowser,
  IconChartInfographic,
  IconFileTypePdf,
  IconHelpCircle,
  IconHighlight,
  IconInfoCircle,
  IconListDetails,
  IconMicrophone,
  IconPhoto,
  IconQuote,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';
import { RESOURCE_KINDS, resourceKind, type ResourceKind } from '@edu/shared/content/unit-content';

export type ResourceKindDef = (typeof RESOURCE_KINDS)[number];

export const KIND_ICONS: Record<ResourceKind, Icon> = {
  videoaula: IconVideo,
  podcast: IconMicrophone,
  picture: IconPhoto,
  pdf: IconFileTypePdf,
  infographic: IconChartInfographic,
  learnMore: IconInfoCircle,
  attention: IconAlertTriangle,
  emphasis: IconHighlight,
  list: IconListDetails,
  quote: IconQuote,
  iframe: IconBrowser,
  question: IconHelpCircle,
};

export const KIND_HINTS: Record<ResourceKind, string> = {
  videoaula: 'Vídeo do YouTube ou do Vimeo',
  podcast: 'Episódio de podcast incorporado',
  picture: 'Imagem com fonte e descrição',
  pdf: 'Documento PDF para leitura',
  infographic: 'Infográfico interativo (arquivo zip)',
  learnMore: 'Caixa com conteúdo complementar',
  attention: 'Caixa de alerta',
  emphasis: 'Trecho em destaque',
  list: 'Itens com título e descrição',
  quote: 'Citação com autor ou fonte',
  iframe: 'Conteúdo de outro site',
  question: 'Questão de múltipla escolha com feedback',
};

export const KIND_COLORS: Record<ResourceKind, string> = {
  videoaula: 'red',
  podcast: 'grape',
  picture: 'teal',
  pdf: 'orange',
  infographic: 'cyan',
  learnMore: 'blue',
  attention: 'yellow',
  emphasis: 'indigo',
  list: 'lime',
  quote: 'gray',
  iframe: 'violet',
  question: 'green',
};

export function kindByKey(key: ResourceKind): ResourceKindDef {
  return RESOURCE_KINDS.find((k) => k.key === key)!;
}

export function kindOf(type: string, subtype: string | null | undefined): ResourceKindDef | undefined {
  return resourceKind(type, subtype);
}
