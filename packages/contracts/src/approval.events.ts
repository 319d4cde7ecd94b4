import type { EventTexts } from './event-family.js';

const en = {
  'ACTIVITY.approval.level_saved': 'Saved the approval level {name} (up to NGN {max})',
  'ACTIVITY.approval.level_deleted': 'Deleted the approval level {name}',
  'ACTIVITY.approval.second_person_required':
    'Required a second person to approve {kind}: whoever created or changed one never approves it',
  'ACTIVITY.approval.second_person_waived': 'Let the only approver of a level approve the {kind} they created or changed',
} as const;

/** The activity and notification texts of the approval levels, in English and the five other languages. */
export const APPROVAL_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.approval.level_saved': 'Genehmigungsstufe {name} gespeichert (bis NGN {max})',
    'ACTIVITY.approval.level_deleted': 'Genehmigungsstufe {name} gelöscht',
    'ACTIVITY.approval.second_person_required':
      'Eine zweite Person für die Genehmigung von {kind} verlangt: Wer eines erstellt oder ändert, genehmigt es nie',
    'ACTIVITY.approval.second_person_waived':
      'Dem einzigen Genehmiger einer Stufe erlaubt, die von ihm erstellten oder geänderten {kind} zu genehmigen',
  },
  es: {
    'ACTIVITY.approval.level_saved': 'Guardó el nivel de aprobación {name} (hasta NGN {max})',
    'ACTIVITY.approval.level_deleted': 'Eliminó el nivel de aprobación {name}',
    'ACTIVITY.approval.second_person_required':
      'Exigió una segunda persona para aprobar {kind}: quien crea o modifica una nunca la aprueba',
    'ACTIVITY.approval.second_person_waived': 'Permitió que el único aprobador de un nivel apruebe las {kind} que creó o modificó',
  },
  fr: {
    'ACTIVITY.approval.level_saved': 'A enregistré le niveau d’approbation {name} (jusqu’à NGN {max})',
    'ACTIVITY.approval.level_deleted': 'A supprimé le niveau d’approbation {name}',
    'ACTIVITY.approval.second_person_required':
      'A exigé une deuxième personne pour approuver les {kind} : qui en crée ou modifie un ne l’approuve jamais',
    'ACTIVITY.approval.second_person_waived': 'A permis au seul approbateur d’un niveau d’approuver les {kind} qu’il a créés ou modifiés',
  },
  ja: {
    'ACTIVITY.approval.level_saved': '承認レベル「{name}」を保存しました（上限 NGN {max}）',
    'ACTIVITY.approval.level_deleted': '承認レベル「{name}」を削除しました',
    'ACTIVITY.approval.second_person_required': '{kind}の承認に二人目を必須にしました（作成または変更した人は承認できません）',
    'ACTIVITY.approval.second_person_waived': 'レベルの唯一の承認者が自分で作成または変更した{kind}を承認できるようにしました',
  },
  zh: {
    'ACTIVITY.approval.level_saved': '保存了审批级别“{name}”（最高 NGN {max}）',
    'ACTIVITY.approval.level_deleted': '删除了审批级别“{name}”',
    'ACTIVITY.approval.second_person_required': '要求由第二人审批{kind}：创建或修改者不得审批',
    'ACTIVITY.approval.second_person_waived': '允许级别的唯一审批人审批其创建或修改的{kind}',
  },
} as const satisfies EventTexts<keyof typeof en>;
