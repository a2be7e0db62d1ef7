import { textLanguageOf } from '@sms/contracts/locales';
import type { Language } from '@sms/contracts/languages';
import type { Executor } from '../../../db/client.ts';
import { listActiveAdmins } from '../../users/index.ts';
import type { NoticeLogger } from './deliver.ts';
import type { Mailer } from '../../email-log/index.ts';
import { appName } from './notice-texts.ts';
import { insertOutboxEntry } from './outbox.queries.ts';

/** The notice job: an endpoint the webhook deliverer turned off after failing for 24 hours (decision 053). */
export interface WebhookDisabledJob {
  type: 'webhook-disabled';
  webhookId: string;
  url: string;
  failingSince: string;
}

type Vars = { app: string; name: string; url: string; since: string };

const TEXTS: Record<Language, (v: Vars) => { subject: string; text: string }> = {
  en: (v) => ({
    subject: `${v.app}: a webhook was turned off`,
    text: `Hello ${v.name},\n\nEvery delivery to the webhook ${v.url} has failed since ${v.since} (24 hours), so ${v.app} turned it off. Events are no longer sent to it.\n\nCheck the receiving software, then add the webhook again in Configurations -> Developers; its delivery log shows the last answers.\n`,
  }),
  fr: (v) => ({
    subject: `${v.app} : un webhook a été désactivé`,
    text: `Bonjour ${v.name},\n\nToutes les livraisons au webhook ${v.url} échouent depuis ${v.since} (24 heures) : ${v.app} l’a donc désactivé. Les événements ne lui sont plus envoyés.\n\nVérifiez le logiciel destinataire, puis ajoutez de nouveau le webhook dans Configurations -> Développeurs ; son journal de livraisons montre les dernières réponses.\n`,
  }),
  ar: (v) => ({
    subject: `${v.app}: تم إيقاف خطاف ويب`,
    text: `مرحبًا ${v.name}،\n\nفشلت كل عمليات التسليم إلى خطاف الويب ${v.url} منذ ${v.since} (24 ساعة)، لذا أوقفه ${v.app}. لم تعد الأحداث تُرسل إليه.\n\nتحقق من البرنامج المستقبِل، ثم أضف خطاف الويب من جديد في الإعدادات -> المطورون؛ يعرض سجل التسليم آخر الردود.\n`,
  }),
  zh: (v) => ({
    subject: `${v.app}：一个 Webhook 已被停用`,
    text: `${v.name}，您好：\n\n自 ${v.since} 起（24 小时），发往 Webhook ${v.url} 的所有投递均失败，因此 ${v.app} 已将其停用，事件不再发送给它。\n\n请检查接收端软件，然后在“配置 -> 开发者”中重新添加该 Webhook；其投递日志显示最近的响应。\n`,
  }),
};

/**
 * Tells every active admin that a webhook was turned off: by e-mail when SMTP is configured, else
 * into the admins' outbox (the audit log has the entry either way). Answers how many were told.
 * `mailRef` (the job's) names each admin's e-mail across the job's tries.
 */
export async function notifyWebhookDisabled(
  deps: { db: Executor; mailer: Mailer | undefined; logger: NoticeLogger },
  job: WebhookDisabledJob,
  mailRef?: string,
): Promise<number> {
  const app = await appName(deps.db);
  const since = `${job.failingSince.slice(0, 16).replace('T', ' ')} UTC`;
  const admins = await listActiveAdmins(deps.db);
  for (const admin of admins) {
    const notice = TEXTS[textLanguageOf(admin.locale)]({ app, name: admin.name, url: job.url, since });
    if (deps.mailer)
      await deps.mailer.send({
        to: admin.email,
        subject: notice.subject,
        text: notice.text,
        kind: 'webhook_disabled',
        userId: admin.id,
        ref: mailRef ? `${mailRef}:${admin.id}` : undefined,
      });
    else
      await insertOutboxEntry(
        deps.db,
        { userId: admin.id, recipient: admin.email, subject: notice.subject, body: notice.text },
        'webhook_disabled',
      );
  }
  return admins.length;
}
