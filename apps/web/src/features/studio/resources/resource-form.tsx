/** The form of one resource kind (the panel's second view). */
import type { ComponentType } from 'react';
import type { ResourceKind } from '@edu/shared/content/unit-content';
import type { ResourceFormProps } from './forms/common';
import { IframeForm } from './forms/iframe-form';
import { ListForm } from './forms/list-form';
import { InfographicForm, PdfForm, PodcastForm, VideoForm } from './forms/media-forms';
import { PictureForm } from './forms/picture-form';
import { QuestionForm } from './forms/question-form';
import { QuoteForm, WarningForm } from './forms/text-forms';

/** Each form produces its own resource type; the panel only passes the data on as the block's JSON. */
const FORMS: Record<ResourceKind, ComponentType<ResourceFormProps<unknown>>> = {
  videoaula: VideoForm,
  podcast: PodcastForm,
  picture: PictureForm,
  pdf: PdfForm,
  infographic: InfographicForm,
  learnMore: WarningForm,
  attention: WarningForm,
  emphasis: WarningForm,
  list: ListForm,
  quote: QuoteForm,
  iframe: IframeForm,
  question: QuestionForm,
};

export interface ResourceFormViewProps {
  kind: ResourceKind;
  providerId: number | null;
  /** Data of the block being edited; undefined for a new one. */
  initial?: unknown;
  editing: boolean;
  onSubmit: (resource: unknown) => void;
  onBack: () => void;
}

export function ResourceForm({ kind, providerId, initial, editing, onSubmit, onBack }: ResourceFormViewProps) {
  const Form = FORMS[kind];
  return <Form providerId={providerId} initial={initial} submitLabel={editing ? 'Salvar' : 'Adicionar'} onSubmit={onSubmit} onBack={onBack} />;
}
