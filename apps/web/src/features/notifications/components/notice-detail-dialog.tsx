/** Read-only detail of a notice: template title, type, clients, dates and the template's HTML. */
import { Divider, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { TARGET_TYPE_LABELS, type SellerNotice } from '@edu/shared/notifications';
import { SafeHtml } from '../../../ui/safe-html';
import { formatDateTime } from '../format';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

export function NoticeDetailDialog({ notice, onClose }: { notice: SellerNotice | null; onClose: () => void }) {
  return (
    <Modal opened={!!notice} onClose={onClose} title="Detalhes da Notificação" size="lg" centered>
      {notice && (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label="Template" value={notice.template.title} />
            <Field label="Tipo" value={TARGET_TYPE_LABELS[notice.targetType]} />
            <Field label="Clientes" value={notice.targetType === 'ALL' ? TARGET_TYPE_LABELS.ALL : notice.targets.map((t) => t.seller.name).join(', ')} />
            <Field label="Data de Criação" value={formatDateTime(notice.createdAt)} />
            <Field label="Última Atualização" value={formatDateTime(notice.updatedAt)} />
          </SimpleGrid>
          <Divider label="Conteúdo" labelPosition="left" />
          <SafeHtml html={notice.template.htmlContent} data-testid="notice-detail-content" />
        </Stack>
      )}
    </Modal>
  );
}
