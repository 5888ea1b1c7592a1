import { Clock, type LucideIcon, Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ChoiceMenu } from '../../components/ui/choice-menu.tsx';
import { THEMES, type Theme } from '../../lib/ui-constants.ts';
import { setThemePreference, useThemePreference } from '../../lib/use-theme.ts';

const THEME_ICONS: Record<Theme, LucideIcon> = { light: Sun, dark: Moon, system: Monitor, time: Clock };

/** The theme selector (light, dark, system, by time of day) of the top bar and mobile menu. */
export function ThemeMenu({ wide = false, loadAt }: { wide?: boolean; loadAt?: string }) {
  const { t } = useTranslation('common');
  const theme = useThemePreference();
  const CurrentIcon = THEME_ICONS[theme];
  const choices = THEMES.map((value) => {
    const Icon = THEME_ICONS[value];
    return { value, label: t(`theme.${value}`), icon: <Icon aria-hidden="true" className="size-4" /> };
  });
  return (
    <ChoiceMenu
      label={t('theme.label')}
      value={theme}
      choices={choices}
      onChange={setThemePreference}
      triggerIcon={<CurrentIcon aria-hidden="true" className="size-4" />}
      wide={wide}
      loadAt={loadAt}
    />
  );
}
