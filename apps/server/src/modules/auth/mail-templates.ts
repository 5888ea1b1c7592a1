import { FREE_PLAN_CREDITS, isLanguage, type Language } from '@atelier/contracts';
import type { MailMessage } from '../../platform/mail/mailer.ts';

interface Template {
  subject: string;
  /** Paragraphs before the link. */
  lead: string;
  /** Paragraph after the link. */
  footer: string;
}

const ACTIVATION: Record<Language, Template> = {
  en: {
    subject: 'Confirm your Atelier account',
    lead: 'Welcome to Atelier! Please confirm your e-mail address by opening this link:',
    footer: `You can already sign in and use your ${FREE_PLAN_CREDITS} free credits. If you did not create an account, ignore this message.`,
  },
  'zh-TW': {
    subject: '確認您的 Atelier 帳戶',
    lead: '歡迎加入 Atelier！請開啟以下連結以確認您的電子郵件地址：',
    footer: `您現在即可登入並使用 ${FREE_PLAN_CREDITS} 點免費點數。如果您沒有建立帳戶，請忽略此郵件。`,
  },
  'zh-CN': {
    subject: '确认您的 Atelier 账户',
    lead: '欢迎加入 Atelier！请打开以下链接以确认您的电子邮件地址：',
    footer: `您现在即可登录并使用 ${FREE_PLAN_CREDITS} 点免费积分。如果您没有创建账户，请忽略此邮件。`,
  },
  ja: {
    subject: 'Atelier アカウントの確認',
    lead: 'Atelier へようこそ！次のリンクを開いてメールアドレスを確認してください：',
    footer: `すでにサインインして ${FREE_PLAN_CREDITS} の無料クレジットをご利用いただけます。アカウントを作成していない場合は、このメールを無視してください。`,
  },
};

const PASSWORD_RESET: Record<Language, Template> = {
  en: {
    subject: 'Reset your Atelier password',
    lead: 'Someone asked to reset the password of your Atelier account. To choose a new password, open this link:',
    footer:
      'The link works once and expires in one hour. Setting a new password signs you out everywhere else. If you did not ask for this, ignore this message: your password stays the same.',
  },
  'zh-TW': {
    subject: '重設您的 Atelier 密碼',
    lead: '有人要求重設您 Atelier 帳戶的密碼。若要設定新密碼，請開啟以下連結：',
    footer:
      '此連結僅能使用一次，並於一小時後失效。設定新密碼後，您在其他裝置上的登入將會結束。如果這不是您本人的要求，請忽略此郵件，您的密碼不會變更。',
  },
  'zh-CN': {
    subject: '重置您的 Atelier 密码',
    lead: '有人请求重置您 Atelier 账户的密码。若要设置新密码，请打开以下链接：',
    footer:
      '此链接仅能使用一次，并于一小时后失效。设置新密码后，您在其他设备上的登录将会结束。如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。',
  },
  ja: {
    subject: 'Atelier のパスワードの再設定',
    lead: 'Atelier アカウントのパスワード再設定が依頼されました。新しいパスワードを設定するには、次のリンクを開いてください：',
    footer:
      'このリンクは一度だけ使用でき、1 時間で失効します。新しいパスワードを設定すると、他の端末ではサインアウトされます。心当たりがない場合はこのメールを無視してください。パスワードは変更されません。',
  },
};

function render(template: Template, to: string, link: string): MailMessage {
  return {
    to,
    subject: template.subject,
    text: `${template.lead}\n\n${link}\n\n${template.footer}\n\n— Atelier`,
  };
}

const languageOf = (value: string | null | undefined): Language => (isLanguage(value) ? value : 'en');

export function activationMail(to: string, language: string | null | undefined, link: string): MailMessage {
  return render(ACTIVATION[languageOf(language)], to, link);
}

export function passwordResetMail(to: string, language: string | null | undefined, link: string): MailMessage {
  return render(PASSWORD_RESET[languageOf(language)], to, link);
}
