import { isLanguage, type Language, TEAM_INVITATION_DAYS } from '@atelier/contracts';
import type { MailMessage } from '../../platform/mail/mailer.ts';

interface InvitationText {
  subject: (team: string) => string;
  lead: (inviter: string, team: string) => string;
  footer: string;
}

/** The invitation, in the inviter's interface language. */
const INVITATION: Record<Language, InvitationText> = {
  en: {
    subject: (team) => `Join the team “${team}” on Atelier`,
    lead: (inviter, team) =>
      `${inviter} invites you to the team “${team}” on Atelier: its shared credits and library. To join, open this link (sign up with this e-mail address if you have no account yet):`,
    footer: `The link works once and expires in ${TEAM_INVITATION_DAYS} days. If you did not expect this, ignore this message.`,
  },
  'zh-TW': {
    subject: (team) => `加入 Atelier 上的團隊「${team}」`,
    lead: (inviter, team) =>
      `${inviter} 邀請您加入 Atelier 上的團隊「${team}」，共用其點數與作品庫。請開啟以下連結加入（若尚無帳戶，請以此電子郵件地址註冊）：`,
    footer: `此連結僅能使用一次，並於 ${TEAM_INVITATION_DAYS} 天後失效。如果您沒有預期收到此郵件，請忽略。`,
  },
  'zh-CN': {
    subject: (team) => `加入 Atelier 上的团队“${team}”`,
    lead: (inviter, team) =>
      `${inviter} 邀请您加入 Atelier 上的团队“${team}”，共享其积分与作品库。请打开以下链接加入（如果还没有账户，请用此电子邮件地址注册）：`,
    footer: `此链接仅能使用一次，并于 ${TEAM_INVITATION_DAYS} 天后失效。如果您没有预期收到此邮件，请忽略。`,
  },
  ja: {
    subject: (team) => `Atelier のチーム「${team}」への招待`,
    lead: (inviter, team) =>
      `${inviter} さんから Atelier のチーム「${team}」（共有クレジットとライブラリ）に招待されました。参加するには次のリンクを開いてください（アカウントがない場合は、このメールアドレスで登録してください）：`,
    footer: `このリンクは一度だけ使用でき、${TEAM_INVITATION_DAYS} 日で失効します。心当たりがない場合はこのメールを無視してください。`,
  },
};

export function teamInvitationMail(
  to: string,
  language: string | null | undefined,
  inviter: string,
  team: string,
  link: string,
): MailMessage {
  const text = INVITATION[isLanguage(language) ? language : 'en'];
  return {
    to,
    subject: text.subject(team),
    text: `${text.lead(inviter, team)}\n\n${link}\n\n${text.footer}\n\n— Atelier`,
  };
}
