import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@atelier/contracts';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Choice, ChoiceMenu } from '../../components/ui/choice-menu.tsx';
import { setLanguage } from '../../lib/i18n.ts';

// Each language is named in its own language (and marked with lang for screen readers).
const LANGUAGE_CHOICES: Choice<Language>[] = LANGUAGES.map((value) => ({
  value,
  label: LANGUAGE_NAMES[value],
  lang: value,
}));

/** The language switcher of the top bar and (wide) of the mobile menu. */
export function LanguageMenu({ wide = false, loadAt }: { wide?: boolean; loadAt?: string }) {
  const { t, i18n } = useTranslation('common');
  return (
    <ChoiceMenu
      label={t('language.label')}
      value={i18n.language as Language}
      choices={LANGUAGE_CHOICES}
      onChange={(language) => void setLanguage(language)}
      triggerIcon={<Languages aria-hidden="true" className="size-4" />}
      wide={wide}
      loadAt={loadAt}
      nameOnDesktop
    />
  );
}
