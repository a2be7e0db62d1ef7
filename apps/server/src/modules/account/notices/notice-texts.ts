import { DEFAULT_BRAND } from '@sms/contracts/brand';
import type { Language } from '@sms/contracts/languages';
import { RESET_LINK_TTL_MINUTES } from '@sms/contracts/password-reset';
import type { Executor } from '../../../db/client.ts';
import { findBrandRow } from '../../brand/index.ts';

/** An account message in the recipient's language: e-mail subject and text, and the SMS form. */
export interface NoticeText {
  subject: string;
  text: string;
  sms: string;
}

type Vars = { app: string; name: string; link: string; minutes: number };

const RESET: Record<Language, (v: Vars) => NoticeText> = {
  en: (v) => ({
    subject: `Reset your ${v.app} password`,
    text: `Hello ${v.name},\n\nSomeone (hopefully you) asked to reset the password of your ${v.app} account. Open this link within ${v.minutes} minutes to choose a new password:\n\n${v.link}\n\nThe link works once. If you did not ask for this, ignore this message: your password stays as it is.\n`,
    sms: `${v.app}: reset your password within ${v.minutes} minutes: ${v.link} Ignore this if you did not ask.`,
  }),
  fr: (v) => ({
    subject: `Réinitialisez votre mot de passe ${v.app}`,
    text: `Bonjour ${v.name},\n\nQuelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte ${v.app}. Ouvrez ce lien dans les ${v.minutes} minutes pour choisir un nouveau mot de passe :\n\n${v.link}\n\nLe lien ne fonctionne qu’une fois. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.\n`,
    sms: `${v.app} : réinitialisez votre mot de passe dans les ${v.minutes} minutes : ${v.link} Ignorez ce message si vous n’avez rien demandé.`,
  }),
  ar: (v) => ({
    subject: `إعادة تعيين كلمة مرور ${v.app}`,
    text: `مرحبًا ${v.name}،\n\nطلب شخص ما (نأمل أن تكون أنت) إعادة تعيين كلمة مرور حسابك في ${v.app}. افتح هذا الرابط خلال ${v.minutes} دقيقة لاختيار كلمة مرور جديدة:\n\n${v.link}\n\nيعمل الرابط مرة واحدة فقط. إذا لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.\n`,
    sms: `${v.app}: أعد تعيين كلمة المرور خلال ${v.minutes} دقيقة: ${v.link} تجاهل الرسالة إن لم تطلب ذلك.`,
  }),
  zh: (v) => ({
    subject: `重置您的 ${v.app} 密码`,
    text: `${v.name}，您好：\n\n有人（希望是您本人）请求重置您 ${v.app} 账户的密码。请在 ${v.minutes} 分钟内打开以下链接设置新密码：\n\n${v.link}\n\n该链接只能使用一次。如果这不是您的请求，请忽略此邮件，您的密码不会改变。\n`,
    sms: `${v.app}：请在 ${v.minutes} 分钟内重置密码：${v.link} 如非本人操作请忽略。`,
  }),
};

const SIGN_IN_CODE: Record<Language, (app: string, code: string) => string> = {
  en: (app, code) => `${code} is your ${app} sign-in code. It expires in 5 minutes. Never share it.`,
  fr: (app, code) => `${code} est votre code de connexion ${app}. Il expire dans 5 minutes. Ne le communiquez à personne.`,
  ar: (app, code) => `${code} هو رمز تسجيل الدخول إلى ${app}. تنتهي صلاحيته خلال 5 دقائق. لا تشاركه مع أحد.`,
  zh: (app, code) => `${code} 是您的 ${app} 登录验证码，5 分钟内有效。请勿告诉他人。`,
};

/** The application name as the brand settings say (the default when unset). */
export async function appName(db: Executor): Promise<string> {
  return (await findBrandRow(db))?.appName ?? DEFAULT_BRAND.appName;
}

/** The reset-link message for a user. */
export function resetNotice(language: Language, vars: { app: string; name: string; link: string }): NoticeText {
  return RESET[language]({ ...vars, minutes: RESET_LINK_TTL_MINUTES });
}

/** The SMS carrying a sign-in code. */
export function signInCodeSms(language: Language, app: string, code: string): string {
  return SIGN_IN_CODE[language](app, code);
}
