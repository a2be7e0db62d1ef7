import { statusReasonMessage, type CampaignStatusReason } from '@sms/contracts/campaign-status-reason';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sms/contracts/languages';
import { notificationPath, type NotificationKind } from '@sms/contracts/notifications';

interface MailSource {
  kind: string;
  subjectId: string | null;
  params: Record<string, string | number | null>;
  reason: CampaignStatusReason | null;
  count: number;
  name: string;
  /** The recipient's interface language (users.locale). */
  locale: string | null;
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** What a mail needs of a notification, read once: names, counts, the optional detail. */
interface Facts {
  file: string;
  name: string;
  created: string;
  updated: string;
  rejected: string;
  /** An import's error, a campaign's pause reason or a gateway's disconnect reason (their own words). */
  detail: string;
  count: number;
  /** Who wrote a note that mentions the recipient. */
  author: string;
  /** Share of a monthly budget used (budget_warning: 80 or 100). */
  level: string;
}

interface MailTexts {
  summary: Record<NotificationKind, (f: Facts) => string>;
  greeting: (name: string) => string;
  footer: string;
}

const withDetail = (detail: string, open: string, close = '') => (detail ? `${open}${detail}${close}` : '');

/** The e-mail texts per language (the web app translates the bell from its own locale files). */
const TEXTS: Record<Language, MailTexts> = {
  en: {
    summary: {
      import_completed: (f) => `Import of ${f.file} finished: ${f.created} created, ${f.updated} updated, ${f.rejected} rejected`,
      import_failed: (f) => `Import of ${f.file} failed${withDetail(f.detail, ': ')}`,
      campaign_completed: (f) => `Campaign ${f.name} completed`,
      campaign_paused: (f) => `Campaign ${f.name} paused itself${withDetail(f.detail, ': ')}`,
      gateway_disconnected: (f) => `Gateway ${f.name} has been disconnected for more than a minute${withDetail(f.detail, ' (', ')')}`,
      replies: (f) => `${f.count} ${f.count === 1 ? 'person' : 'people'} replied to ${f.name}`,
      keyword_rule: (f) => `A reply matched the keyword rule ${f.name}`,
      campaign_approval_requested: (f) => `Campaign ${f.name} waits for your approval`,
      campaign_approval_rejected: (f) => `Campaign ${f.name} was rejected${withDetail(f.detail, ': ')}`,
      campaign_approved: (f) => `Campaign ${f.name} was approved`,
      note_mention: (f) => `${f.author} mentioned you in a note on ${f.name}`,
      budget_warning: (f) =>
        f.name ? `The API key ${f.name} has used ${f.level}% of its monthly budget` : `${f.level}% of the monthly budget is spent`,
    },
    greeting: (name) => `Hello ${name},`,
    footer: 'You receive this because of your notification settings (account settings, notifications).',
  },
  fr: {
    summary: {
      import_completed: (f) => `Import de ${f.file} terminé : ${f.created} créés, ${f.updated} mis à jour, ${f.rejected} refusés`,
      import_failed: (f) => `Échec de l’import de ${f.file}${withDetail(f.detail, ' : ')}`,
      campaign_completed: (f) => `Campagne ${f.name} terminée`,
      campaign_paused: (f) => `La campagne ${f.name} s’est mise en pause${withDetail(f.detail, ' : ')}`,
      gateway_disconnected: (f) => `La passerelle ${f.name} est déconnectée depuis plus d’une minute${withDetail(f.detail, ' (', ')')}`,
      replies: (f) => (f.count === 1 ? `1 personne a répondu à ${f.name}` : `${f.count} personnes ont répondu à ${f.name}`),
      keyword_rule: (f) => `Une réponse correspond à la règle de mots-clés ${f.name}`,
      campaign_approval_requested: (f) => `La campagne ${f.name} attend votre approbation`,
      campaign_approval_rejected: (f) => `La campagne ${f.name} a été refusée${withDetail(f.detail, ' : ')}`,
      campaign_approved: (f) => `La campagne ${f.name} a été approuvée`,
      note_mention: (f) => `${f.author} vous a mentionné dans une note sur ${f.name}`,
      budget_warning: (f) =>
        f.name ? `La clé d’API ${f.name} a utilisé ${f.level} % de son budget mensuel` : `${f.level} % du budget mensuel est dépensé`,
    },
    greeting: (name) => `Bonjour ${name},`,
    footer: 'Vous recevez ce message selon vos préférences de notification (paramètres du compte, notifications).',
  },
  ar: {
    summary: {
      import_completed: (f) => `انتهى استيراد ${f.file}: أُنشئ ${f.created}، وحُدّث ${f.updated}، ورُفض ${f.rejected}`,
      import_failed: (f) => `فشل استيراد ${f.file}${withDetail(f.detail, ': ')}`,
      campaign_completed: (f) => `اكتملت الحملة ${f.name}`,
      campaign_paused: (f) => `توقفت الحملة ${f.name} مؤقتًا من تلقاء نفسها${withDetail(f.detail, ': ')}`,
      gateway_disconnected: (f) => `البوابة ${f.name} غير متصلة منذ أكثر من دقيقة${withDetail(f.detail, ' (', ')')}`,
      replies: (f) => `عدد من ردّوا على ${f.name}: ${f.count}`,
      keyword_rule: (f) => `ردّ يطابق قاعدة الكلمات المفتاحية ${f.name}`,
      campaign_approval_requested: (f) => `الحملة ${f.name} بانتظار موافقتك`,
      campaign_approval_rejected: (f) => `رُفضت الحملة ${f.name}${withDetail(f.detail, ': ')}`,
      campaign_approved: (f) => `تمت الموافقة على الحملة ${f.name}`,
      note_mention: (f) => `أشار إليك ${f.author} في ملاحظة عن ${f.name}`,
      budget_warning: (f) =>
        f.name ? `استهلك مفتاح واجهة البرمجة ${f.name} ‎${f.level}%‎ من ميزانيته الشهرية` : `أُنفق ‎${f.level}%‎ من الميزانية الشهرية`,
    },
    greeting: (name) => `مرحبًا ${name}،`,
    footer: 'تصلك هذه الرسالة بحسب إعدادات الإشعارات في حسابك (إعدادات الحساب، الإشعارات).',
  },
  zh: {
    summary: {
      import_completed: (f) => `${f.file} 导入完成：新建 ${f.created}，更新 ${f.updated}，拒绝 ${f.rejected}`,
      import_failed: (f) => `${f.file} 导入失败${withDetail(f.detail, '：')}`,
      campaign_completed: (f) => `活动 ${f.name} 已完成`,
      campaign_paused: (f) => `活动 ${f.name} 已自动暂停${withDetail(f.detail, '：')}`,
      gateway_disconnected: (f) => `网关 ${f.name} 已断开超过一分钟${withDetail(f.detail, '（', '）')}`,
      replies: (f) => `${f.count} 人回复了 ${f.name}`,
      keyword_rule: (f) => `有回复匹配了关键词规则 ${f.name}`,
      campaign_approval_requested: (f) => `活动 ${f.name} 等待您的审批`,
      campaign_approval_rejected: (f) => `活动 ${f.name} 被驳回${withDetail(f.detail, '：')}`,
      campaign_approved: (f) => `活动 ${f.name} 已获批准`,
      note_mention: (f) => `${f.author} 在关于 ${f.name} 的备注中提到了您`,
      budget_warning: (f) => (f.name ? `API 密钥 ${f.name} 已用掉其月度预算的 ${f.level}%` : `月度预算已花费 ${f.level}%`),
    },
    greeting: (name) => `${name}，您好：`,
    footer: '您收到此邮件是因为您的通知设置（账户设置 > 通知）。',
  },
};

const languageOf = (locale: string | null): Language =>
  (LANGUAGES as readonly string[]).includes(locale ?? '') ? (locale as Language) : DEFAULT_LANGUAGE;

/** The one-line summary of a notification in a language (e-mails; the web app translates its own). */
export function notificationSummary(row: Omit<MailSource, 'name' | 'locale'>, language: Language = DEFAULT_LANGUAGE): string {
  const p = row.params;
  const detail =
    row.kind === 'campaign_paused' ? (row.reason ? statusReasonMessage(row.reason) : '') : text(p.error ?? p.reason ?? p.comment);
  const facts: Facts = {
    file: text(p.fileName),
    name: text(p.name),
    created: text(p.created),
    updated: text(p.updated),
    rejected: text(p.rejected),
    detail,
    count: row.count,
    author: text(p.author),
    level: text(p.level),
  };
  const summary = TEXTS[language].summary[row.kind as NotificationKind];
  return summary ? summary(facts) : row.kind;
}

/**
 * A notification as an e-mail in the recipient's language, with a link to the page concerned
 * when the public address is known.
 */
export function notificationMail(row: MailSource, publicAddress: string | null): { subject: string; text: string } {
  const language = languageOf(row.locale);
  const texts = TEXTS[language];
  const summary = notificationSummary(row, language);
  const path = notificationPath(row.kind as NotificationKind, row.subjectId);
  const link = publicAddress ? `${publicAddress.replace(/\/+$/, '')}${path}` : path;
  return { subject: summary, text: `${texts.greeting(row.name)}\n\n${summary}\n\n${link}\n\n${texts.footer}\n` };
}
