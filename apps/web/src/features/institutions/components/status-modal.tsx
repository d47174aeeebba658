/** 'Gerenciar Status' (spec 3 §2.12, §4 "Seller status"): Ativo, Pendente or Suspenso; an empty choice does nothing. */
import { Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SELLER_STATUS_OPTIONS, type InstitutionRow, type SellerStatus } from '@edu/shared/institutions';
import { FormActions } from '../../../ui/form-actions';

export function StatusModal({
  institution,
  onClose,
  onSave,
  saving,
}: {
  institution: InstitutionRow | null;
  onClose: () => void;
  onSave: (row: InstitutionRow, status: SellerStatus) => void;
  saving: boolean;
}) {
  return (
    <Modal opened={!!institution} onClose={onClose} title="Gerenciar Status" centered>
      {institution && <StatusForm key={institution.id} institution={institution} onClose={onClose} onSave={onSave} saving={saving} />}
    </Modal>
  );
}

function StatusForm({ institution, onClose, onSave, saving }: { institution: InstitutionRow; onClose: () => void; onSave: (row: InstitutionRow, status: SellerStatus) => void; saving: boolean }) {
  const [status, setStatus] = useState<SellerStatus | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        // Spec 3 §5: a status change does nothing when no status is selected.
        if (status) onSave(institution, status);
      }}
    >
      <Stack>
        <Text size="sm">
          Instituição: <strong>{institution.name}</strong>
        </Text>
        <Select
          label="Status"
          placeholder="Selecione o status"
          data={SELLER_STATUS_OPTIONS}
          value={status}
          onChange={(v) => setStatus(v as SellerStatus | null)}
          clearable
          data-autofocus
        />
        <FormActions onCancel={onClose} saving={saving} />
      </Stack>
    </form>
  );
}
