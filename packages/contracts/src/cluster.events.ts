import type { EventTexts } from './event-family.js';

const en = {
  'ACTIVITY.cluster.created': 'Created the cluster {name} ({code})',
  'ACTIVITY.cluster.updated': 'Updated the cluster {name} ({code})',
  'ACTIVITY.cluster.deleted': 'Deleted the cluster {name} ({code})',
  'ACTIVITY.cluster.assigned': 'Assigned the cluster {name} ({code}) to {provider}',
  'ACTIVITY.cluster.unassigned': 'Took back the cluster {name} ({code})',
  'ACTIVITY.cluster.dispatched': 'Assigned the cluster {name} ({code}) to {technician}',
} as const;

/** The activity and notification texts of a cluster, in English and the five other languages. */
export const CLUSTER_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.cluster.created': 'Cluster {name} ({code}) angelegt',
    'ACTIVITY.cluster.updated': 'Cluster {name} ({code}) aktualisiert',
    'ACTIVITY.cluster.deleted': 'Cluster {name} ({code}) gelöscht',
    'ACTIVITY.cluster.assigned': 'Cluster {name} ({code}) zugewiesen an {provider}',
    'ACTIVITY.cluster.unassigned': 'Cluster {name} ({code}) zurückgenommen',
    'ACTIVITY.cluster.dispatched': 'Cluster {name} ({code}) zugewiesen an {technician}',
  },
  es: {
    'ACTIVITY.cluster.created': 'Creó el clúster {name} ({code})',
    'ACTIVITY.cluster.updated': 'Actualizó el clúster {name} ({code})',
    'ACTIVITY.cluster.deleted': 'Eliminó el clúster {name} ({code})',
    'ACTIVITY.cluster.assigned': 'Asignó el clúster {name} ({code}) a {provider}',
    'ACTIVITY.cluster.unassigned': 'Retiró el clúster {name} ({code})',
    'ACTIVITY.cluster.dispatched': 'Asignó el clúster {name} ({code}) a {technician}',
  },
  fr: {
    'ACTIVITY.cluster.created': 'Cluster {name} ({code}) créé',
    'ACTIVITY.cluster.updated': 'Cluster {name} ({code}) mis à jour',
    'ACTIVITY.cluster.deleted': 'Cluster {name} ({code}) supprimé',
    'ACTIVITY.cluster.assigned': 'Cluster {name} ({code}) attribué à {provider}',
    'ACTIVITY.cluster.unassigned': 'Cluster {name} ({code}) repris',
    'ACTIVITY.cluster.dispatched': 'Cluster {name} ({code}) affecté à {technician}',
  },
  ja: {
    'ACTIVITY.cluster.created': 'クラスター「{name}」（{code}）を作成しました',
    'ACTIVITY.cluster.updated': 'クラスター「{name}」（{code}）を更新しました',
    'ACTIVITY.cluster.deleted': 'クラスター「{name}」（{code}）を削除しました',
    'ACTIVITY.cluster.assigned': 'クラスター「{name}」（{code}）を {provider} に割り当てました',
    'ACTIVITY.cluster.unassigned': 'クラスター「{name}」（{code}）の割り当てを取り消しました',
    'ACTIVITY.cluster.dispatched': 'クラスター「{name}」（{code}）を {technician} に割り当てました',
  },
  zh: {
    'ACTIVITY.cluster.created': '创建了集群“{name}”（{code}）',
    'ACTIVITY.cluster.updated': '更新了集群“{name}”（{code}）',
    'ACTIVITY.cluster.deleted': '删除了集群“{name}”（{code}）',
    'ACTIVITY.cluster.assigned': '将集群“{name}”（{code}）分配给 {provider}',
    'ACTIVITY.cluster.unassigned': '收回了集群“{name}”（{code}）',
    'ACTIVITY.cluster.dispatched': '将集群“{name}”（{code}）分配给 {technician}',
  },
} as const satisfies EventTexts<keyof typeof en>;
