/** Audit-log actions (spec 1 §3) with their pt-BR labels. Only 'Efetuou Login' is the spec's wording. */
export const AUDIT_ACTION_LABELS = {
  logged: 'Efetuou Login',
  logged_out: 'Efetuou Logout',
  updated_provider_status: 'Alterou o status de um fornecedor',
  updated_condition_provider: 'Alterou a condição de um fornecedor',
  update_user_status: 'Alterou o status de um usuário',
  update_unit_status: 'Alterou o status de uma unidade',
  update_subject_name: 'Renomeou uma disciplina',
  removed_subject: 'Removeu uma disciplina',
  added_item_to_cart: 'Adicionou um item ao carrinho',
  updated_seller_status: 'Alterou o status de uma instituição',
  generated_lms_key: 'Gerou uma chave LMS',
  updated_profile: 'Atualizou o perfil',
  removed_course: 'Removeu um curso',
  payment_requested: 'Solicitou pagamento',
  imported_subject: 'Importou uma disciplina',
  imported_course: 'Importou um curso',
  edit_user: 'Editou um usuário',
  updated_course: 'Atualizou um curso',
  added_item_to_subject: 'Adicionou uma unidade a uma disciplina',
  updated_delegate_unity: 'Alterou a delegação de uma unidade',
  delegate_unity: 'Delegou uma unidade',
  created_new_user: 'Cadastrou um novo usuário',
  created_new_subject: 'Criou uma disciplina',
  created_new_course: 'Criou um curso',
  created_unity: 'Criou uma unidade',
  updated_unity: 'Atualizou uma unidade',
  create_user: 'Cadastrou um usuário',
  created_plan: 'Criou um plano',
  updated_plan: 'Atualizou um plano',
  create_course: 'Criou um curso',
  recovered_unity: 'Recuperou uma unidade',
  chaged_unity_status: 'Alterou o status de uma unidade',
  create_new_subject: 'Criou uma disciplina',
  signed_up: 'Realizou cadastro',
  confirmed_email: 'Confirmou o e-mail',
  reset_password: 'Redefiniu a senha',
  changed_password: 'Alterou a senha',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? 'Outro';
}
