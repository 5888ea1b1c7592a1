import { KeptText } from '../../components/kept-text.tsx';
import { formatPrice } from '../../lib/billing-api.ts';

/** A price as its own element, formatted for the language (kept from the server's HTML while hydrating). */
export function Price({
  amount,
  currency,
  language,
  as,
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
    <KeptText
      as={as}
      className={className}
      testId={testId}
      inputs={[amount, currency, language]}
      text={() => formatPrice(amount, currency, language)}
    />
  );
}
