import { MAX_IMAGES, MIN_IMAGES } from '@atelier/contracts';
import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration.ts';
import { PlanLock } from '../../pricing/index.ts';
import {
  type CountOptionField,
  fieldShown,
  type OptionField,
  type OptionValues,
  type SelectOptionField,
} from '../definitions/tool-definitions.ts';
import { parseStrength } from '../run/run-inputs.ts';

export const fieldClass =
  'h-11 w-full rounded-xl border border-zinc-300 bg-white px-3 text-base text-zinc-900 outline-none focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/30 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

interface ToolOptionsFormProps {
  fields: readonly OptionField[];
  values: OptionValues;
  /** One option changed; the caller applies it with withOption to the values it holds then. */
  onChange: (name: string, value: string) => void;
  disabled: boolean;
  /** Whether an option (or one value of it) needs a plan the user lacks: shown locked, not offered. */
  locked?: (name: string, value?: string) => boolean;
}

/**
 * The values with one option changed. Applied to the latest values, not to those of the render
 * the control was in: fields changed before the page was hydrated report together, at once.
 */
export function withOption(values: OptionValues, name: string, value: string): OptionValues {
  const next = { ...values, [name]: value };
  // A substyle belongs to one style: changing the style clears it.
  if (name === 'style' && 'substyle' in values) next.substyle = '';
  return next;
}

/** A tool's options, each a labelled native control so keyboards and screen readers know them. */
export function ToolOptionsForm({ fields, values, onChange: set, disabled, locked }: ToolOptionsFormProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
      {fields
        .filter((field) => fieldShown(field, values))
        .map((field) => (
          <OptionControl key={field.name} field={field} values={values} set={set} disabled={disabled} locked={locked} />
        ))}
    </div>
  );
}

function OptionControl({
  field,
  values,
  set,
  disabled,
  locked,
}: {
  field: OptionField;
  values: OptionValues;
  set: (name: string, value: string) => void;
  disabled: boolean;
  locked?: (name: string, value?: string) => boolean;
}) {
  const { t } = useTranslation('tool-run');
  const id = useId();
  const value = values[field.name] ?? '';
  const ref = useRef<HTMLInputElement & HTMLSelectElement>(null);
  // A checkbox's state is not its value: it is left out.
  useTypedBeforeHydration(
    ref,
    field.kind === 'toggle' ? undefined : field.kind === 'range' ? String(parseStrength(value, field.range)) : value,
  );
  const label = (
    <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
      {t(`options.${field.name}`)}
      {field.kind === 'range' && (
        <span className="ml-2 tabular-nums text-zinc-500">
          {parseStrength(value, field.range).toFixed(field.range.step >= 1 ? 0 : 1)}
        </span>
      )}
    </label>
  );
  let control: ReactNode;
  if (field.kind === 'toggle') {
    // A checkbox carries its own label, beside it.
    return (
      <div className="flex min-h-11 items-center gap-3">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          checked={value === 'true'}
          disabled={disabled}
          onChange={(event) => set(field.name, String(event.target.checked))}
          className="size-5 accent-brand-600"
        />
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t(`options.${field.name}`)}
        </label>
      </div>
    );
  }
  if (field.kind === 'color') {
    control = (
      <div className="flex items-center gap-3">
        <input
          ref={ref}
          id={id}
          type="color"
          value={value}
          disabled={disabled}
          onChange={(event) => set(field.name, event.target.value)}
          className="h-11 w-16 cursor-pointer rounded-xl border border-zinc-300 bg-white p-1 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900"
        />
        <span className="font-mono text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{value}</span>
      </div>
    );
  } else if (field.kind === 'range') {
    control = (
      <input
        ref={ref}
        id={id}
        type="range"
        min={field.range.min}
        max={field.range.max}
        step={field.range.step}
        value={parseStrength(value, field.range)}
        disabled={disabled}
        onChange={(event) => set(field.name, event.target.value)}
        className="h-11 w-full accent-brand-600"
      />
    );
  } else {
    const choices = selectChoices(field, values);
    control = (
      <select
        ref={ref}
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => set(field.name, e.target.value)}
        className={fieldClass}
      >
        {field.kind === 'select' && field.optional && <option value="">{t('options.none')}</option>}
        {choices.map((choice) => {
          const choiceLocked = locked?.(field.name, choice) ?? false;
          return (
            <option key={choice} value={choice} disabled={choiceLocked}>
              {field.kind === 'select' && field.translated ? t(`choices.${field.name}.${choice}`) : readable(choice)}
              {choiceLocked ? ` ${t('common:planLock.suffix')}` : ''}
            </option>
          );
        })}
      </select>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      {label}
      {control}
      {locked?.(field.name) && <PlanLock feature="advancedOptions" />}
    </div>
  );
}

const IMAGE_COUNTS = Array.from({ length: MAX_IMAGES - MIN_IMAGES + 1 }, (_, i) => String(MIN_IMAGES + i));

/** The values a select offers: 1–6 for the image count, else the field's (possibly dependent) choices. */
function selectChoices(field: SelectOptionField | CountOptionField, values: OptionValues): readonly string[] {
  if (field.kind === 'count') return IMAGE_COUNTS;
  return typeof field.choices === 'function' ? field.choices(values) : field.choices;
}

/** Names shown as the provider spells them, made readable: "recraftv3" → "Recraft V3", "b_and_w" → "B and w", "1024x1365" → "1024 × 1365". */
export function readable(value: string): string {
  if (/^\d+x\d+$/.test(value)) return value.replace('x', ' × ');
  const model = /^recraft(v\d+)$/.exec(value);
  if (model?.[1]) return `Recraft ${model[1].toUpperCase()}`;
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
