import { FREE_PLAN_CREDITS, isLanguage, type Language } from '@atelier/contracts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import type { UndoneBeforeClaim } from './account-claim.ts';

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
    footer: `您現在即可登入並使用免費贈送的 ${FREE_PLAN_CREDITS} 點。如果您沒有建立帳戶，請忽略此郵件。`,
  },
  'zh-CN': {
    subject: '确认您的 Atelier 账户',
    lead: '欢迎加入 Atelier！请打开以下链接以确认您的电子邮件地址：',
    footer: `您现在即可登录并使用免费赠送的 ${FREE_PLAN_CREDITS} 积分。如果您没有创建账户，请忽略此邮件。`,
  },
  ja: {
    subject: 'Atelier アカウントの確認',
    lead: 'Atelier へようこそ！次のリンクを開いてメールアドレスを確認してください：',
    footer: `すでにログインして、無料の ${FREE_PLAN_CREDITS} クレジットをご利用いただけます。アカウントを作成していない場合は、このメールを無視してください。`,
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
      'このリンクは一度だけ使用でき、1 時間で失効します。新しいパスワードを設定すると、他のデバイスではログアウトされます。心当たりがない場合はこのメールを無視してください。パスワードは変更されません。',
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

/** What the owner is told after claiming an account someone else had used: each line that applies. */
interface UndoneText {
  subject: string;
  lead: string;
  teams: (names: string) => string;
  memberships: (count: number) => string;
  username: (name: string) => string;
  artworks: (count: number) => string;
  referral: string;
  footer: string;
}

const UNDONE: Record<Language, UndoneText> = {
  en: {
    subject: 'Your Atelier account: what was undone',
    lead: 'Your e-mail address was used to sign up for Atelier before you confirmed it. Now that you have, the account is yours, and what was done with it before has been undone:',
    teams: (names) => `Teams made with it were deleted (their credits came back to your balance): ${names}.`,
    memberships: (count) => `${count} membership or invitation it gave in other teams ended.`,
    username: (name) => `The username “${name}” was removed; choose your own on your profile.`,
    artworks: (count) => `${count} artwork(s) it had made public are private now (nothing was deleted).`,
    referral: 'The referral recorded when it signed up was removed.',
    footer:
      'Sessions, the password, API keys and two-factor setup made before ended too. If this was you, you can set everything up again.',
  },
  'zh-TW': {
    subject: '您的 Atelier 帳戶：已復原的內容',
    lead: '在您確認之前，有人用您的電子郵件地址註冊了 Atelier。現在您已確認，帳戶屬於您，先前以此帳戶進行的操作已被復原：',
    teams: (names) => `以此帳戶建立的團隊已刪除（其點數已退回您的餘額）：${names}。`,
    memberships: (count) => `它在其他團隊中給予的 ${count} 個成員資格或邀請已結束。`,
    username: (name) => `使用者名稱「${name}」已移除，請在個人資料中選擇您自己的名稱。`,
    artworks: (count) => `它公開的 ${count} 件作品現已設為私人（未刪除任何作品）。`,
    referral: '註冊時記錄的推薦已移除。',
    footer: '先前建立的工作階段、密碼、API 金鑰與兩步驟驗證設定也已結束。如果那是您本人，可以重新設定。',
  },
  'zh-CN': {
    subject: '您的 Atelier 账户：已撤销的内容',
    lead: '在您确认之前，有人用您的电子邮件地址注册了 Atelier。现在您已确认，账户归您所有，之前用此账户进行的操作已被撤销：',
    teams: (names) => `用此账户创建的团队已删除（其积分已退回您的余额）：${names}。`,
    memberships: (count) => `它在其他团队中给予的 ${count} 个成员资格或邀请已结束。`,
    username: (name) => `用户名“${name}”已移除，请在个人资料中选择您自己的用户名。`,
    artworks: (count) => `它公开的 ${count} 件作品现已设为私密（未删除任何作品）。`,
    referral: '注册时记录的推荐已移除。',
    footer: '之前建立的会话、密码、API 密钥和两步验证设置也已结束。如果那是您本人，可以重新设置。',
  },
  ja: {
    subject: 'Atelier アカウント：取り消された内容',
    lead: 'あなたが確認する前に、このメールアドレスで Atelier に登録した人がいました。確認が済んだのでアカウントはあなたのものになり、それまでに行われたことは取り消されました：',
    teams: (names) => `このアカウントで作られたチームを削除しました（クレジットは残高に戻りました）：${names}。`,
    memberships: (count) => `ほかのチームで与えられたメンバー資格または招待 ${count} 件を終了しました。`,
    username: (name) => `ユーザー名「${name}」を削除しました。プロフィールでご自分の名前を選んでください。`,
    artworks: (count) => `公開されていた作品 ${count} 点を非公開にしました（削除はしていません）。`,
    referral: '登録時に記録された紹介を削除しました。',
    footer:
      'それまでのセッション、パスワード、API キー、2 段階認証の設定も終了しています。ご本人だった場合は、もう一度設定してください。',
  },
};

/** The mail after a claim that undid something, in the owner's language. */
export function undoneBeforeClaimMail(
  to: string,
  language: string | null | undefined,
  undone: UndoneBeforeClaim,
): MailMessage {
  const text = UNDONE[languageOf(language)];
  const lines = [
    undone.teams.length ? text.teams(undone.teams.map((name) => `“${name}”`).join(', ')) : null,
    undone.memberships ? text.memberships(undone.memberships) : null,
    undone.username ? text.username(undone.username) : null,
    undone.artworks ? text.artworks(undone.artworks) : null,
    undone.referral ? text.referral : null,
  ].filter((line): line is string => line !== null);
  return {
    to,
    subject: text.subject,
    text: `${text.lead}\n\n${lines.map((line) => `- ${line}`).join('\n')}\n\n${text.footer}\n\n— Atelier`,
  };
}
