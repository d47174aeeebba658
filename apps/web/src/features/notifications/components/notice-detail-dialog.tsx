/** Read-only detail of a notice: template title, type, clients, dates and the template's HTML. */
import { Divider, Modal, SimpleGrid, Stack } from '@mantine/core';
import { LabeledValue } from '../../../ui/labeled-value';
import { TARGET_TYPE_LABELS, type SellerNotice } from '@edu/shared/notifications';
import { LazySafeHtml } from '../../../ui/lazy-safe-html';
import { formatDateTime } from '@edu/shared/format';


export function NoticeDetailDialog({ notice, onClose }: { notice: SellerNotice | null; onClose: () => void }) {
  return (
    <Modal opened={!!notice} onClose={onClose} title="Detalhes da Notificação" size="lg" centered>
      {notice && (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LabeledValue label="Template" value={notice.template.title} />
            <LabeledValue label="Tipo" value={TARGET_TYPE_LABELS[notice.targetType]} />
            <LabeledValue label="Clientes" value={notice.targetType === 'ALL' ? TARGET_TYPE_LABELS.ALL : notice.targets.map((t) => t.seller.name).join(', ')} />
            <LabeledValue label="Data de Criação" value={formatDateTime(notice.createdAt)} />
            <LabeledValue label="Última Atualização" value={formatDateTime(notice.updatedAt)} />
          </SimpleGrid>
          <Divider label="Conteúdo" labelPosition="left" />
          <LazySafeHtml html={notice.template.htmlContent} data-testid="notice-detail-content" />
        </Stack>
      )}
    </Modal>
  );
}
