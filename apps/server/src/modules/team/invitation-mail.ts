import { DEFAULT_BRAND } from '@sms/contracts/brand';
import type { Language } from '@sms/contracts/languages';
import { INVITATION_TTL_HOURS } from '@sms/contracts/team';
import type { Database, Executor } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { findBrandRow } from '../brand/index.ts';
import type { Mailer } from '../email-log/index.ts';

/** The queue of invitation e-mails: the job makes the link (only its hash is kept) and mails it. */
export const INVITATION_QUEUE = 'team-invitations';

/** An invitation to mail, in the inviting admin's language. */
export interface InvitationJob {
  invitationId: string;
  locale: Language;
}

type Vars = { app: string; name: string; inviter: string; link: string; hours: number };

const TEXTS: Record<Language, (v: Vars) => { subject: string; text: string }> = {
  en: (v) => ({
    subject: `${v.inviter} invited you to ${v.app}`,
    text: `Hello ${v.name},\n\n${v.inviter} invited you to join the team on ${v.app}. Open this link within ${v.hours} hours to choose your password and activate your account:\n\n${v.link}\n\nThe link works once. If you did not expect this, ignore this message.\n`,
  }),
  fr: (v) => ({
    subject: `${v.inviter} vous invite sur ${v.app}`,
    text: `Bonjour ${v.name},\n\n${v.inviter} vous invite à rejoindre l’équipe sur ${v.app}. Ouvrez ce lien dans les ${v.hours} heures pour choisir votre mot de passe et activer votre compte :\n\n${v.link}\n\nLe lien ne fonctionne qu’une fois. Si vous ne vous y attendiez pas, ignorez ce message.\n`,
  }),
  ar: (v) => ({
    subject: `دعاك ${v.inviter} إلى ${v.app}`,
    text: `مرحبًا ${v.name}،\n\nدعاك ${v.inviter} للانضمام إلى الفريق في ${v.app}. افتح هذا الرابط خلال ${v.hours} ساعة لاختيار كلمة المرور وتفعيل حسابك:\n\n${v.link}\n\nيعمل الرابط مرة واحدة فقط. إذا لم تكن تتوقع ذلك فتجاهل هذه الرسالة.\n`,
  }),
  zh: (v) => ({
    subject: `${v.inviter} 邀请您加入 ${v.app}`,
    text: `${v.name}，您好：\n\n${v.inviter} 邀请您加入 ${v.app} 团队。请在 ${v.hours} 小时内打开以下链接设置密码并激活账户：\n\n${v.link}\n\n该链接只能使用一次。如果您没有预期收到此邮件，请忽略。\n`,
  }),
};

/** The invitation e-mail. */
export async function invitationMail(
  db: Executor,
  language: Language,
  vars: { name: string; inviter: string; link: string },
): Promise<{ subject: string; text: string }> {
  const app = (await findBrandRow(db))?.appName || DEFAULT_BRAND.appName;
  return TEXTS[language]({ ...vars, app, hours: INVITATION_TTL_HOURS });
}

const ready = new WeakMap<Jobs, Promise<unknown>>();

/** Creates the queue once per job runner (retries: SMTP servers have bad moments). */
function ensureQueue(jobs: Jobs): Promise<unknown> {
  let created = ready.get(jobs);
  if (!created) {
    created = jobs.boss.createQueue(INVITATION_QUEUE, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 });
    created.catch(() => ready.delete(jobs));
    ready.set(jobs, created);
  }
  return created;
}

/** Queues an invitation e-mail (call after commit). */
export async function enqueueInvitation(jobs: Jobs, job: InvitationJob): Promise<void> {
  await ensureQueue(jobs);
  await jobs.boss.send(INVITATION_QUEUE, job);
}

/**
 * Runs the invitation e-mails in this process; `send` is the service's job (new link, then the
 * e-mail), given the job's ref: the job's tries count in one e-mail log entry.
 */
export async function startInvitationMailWorker(
  jobs: Jobs,
  deps: { database: Database; mailer: Mailer | undefined },
  send: (db: Database['db'], mailer: Mailer, job: InvitationJob, mailRef: string) => Promise<void>,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<void> {
  const { mailer } = deps;
  if (!mailer) return;
  await ensureQueue(jobs);
  await jobs.boss.work<InvitationJob>(
    INVITATION_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1 },
    async ([job]) => {
      if (job) await send(deps.database.db, mailer, job.data, `invitation:${job.id}`);
    },
  );
}
