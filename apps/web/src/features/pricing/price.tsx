import { formatPrice } from '../../lib/billing-api.ts';

/** A price as its own element, formatted for the language. */
export function Price({
  amount,
  currency,
  language,
  as: Tag = 'span',
  className,
  testId,
}: {
  amount: number;
  currency: string;
  language: string;
  as?: 'span' | 's';
  className?: string;
  testId?: string;
}) {
  return (
    <Tag className={className} data-testid={testId}>
      {formatPrice(amount, currency, language)}
    </Tag>
  );
}
