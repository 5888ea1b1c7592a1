import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import type { Choice } from './choice-menu.tsx';
import { MENU_ITEM_CLASS, MENU_PANEL_CLASS } from './menu-styles.ts';

export interface ChoiceMenuPopupProps<T extends string> {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  align: 'start' | 'end';
  trigger: { className: string; ariaLabel: string; content: ReactNode };
  /** Open at once: the visitor clicked the trigger before this had loaded. */
  defaultOpen?: boolean;
}

/**
 * The interactive half of ChoiceMenu, on Radix's menu: arrow keys, type-ahead, Escape and
 * focus return work, and screen readers hear a radio group. Loaded after the first render.
 */
export default function ChoiceMenuPopup<T extends string>({
  label,
  value,
  choices,
  onChange,
  align,
  trigger,
  defaultOpen,
}: ChoiceMenuPopupProps<T>) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={trigger.ariaLabel} className={trigger.className}>
        {trigger.content}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align={align} sideOffset={8} className={MENU_PANEL_CLASS}>
          <DropdownMenu.Label className="px-3 pt-1.5 pb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
            {label}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={value} onValueChange={(next) => onChange(next as T)}>
            {choices.map((choice) => (
              <DropdownMenu.RadioItem
                key={choice.value}
                value={choice.value}
                lang={choice.lang}
                className={MENU_ITEM_CLASS}
              >
                {choice.icon}
                <span className="flex-1">{choice.label}</span>
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden="true" className="size-4 text-brand-600 dark:text-brand-400" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
