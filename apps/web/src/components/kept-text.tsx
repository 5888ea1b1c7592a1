import { KEEP_SERVER_CONTENT, useKeptServerContent } from '../lib/use-hydrating.ts';

/**
 * Text that is costly to work out the first time in the browser, in an element of its own: an
 * Intl formatter's first use loads the locale's number data (40–130 ms in Chromium here, a
 * long task on a phone). Over a server-rendered page the element keeps the server's text, not
 * worked out again, until `inputs` change (ADR 0023); anywhere else it is `text()`.
 */
export function KeptText({
  as: Tag = 'span',
  className,
  inputs,
  text,
  testId,
}: {
  as?: 'span' | 's';
  className?: string;
  /** What the text depends on: while they are those the server rendered with, its text stays. */
  inputs: readonly unknown[];
  text: () => string;
  testId?: string;
}) {
  return useKeptServerContent(inputs) ? (
    <Tag className={className} data-testid={testId} {...KEEP_SERVER_CONTENT} />
  ) : (
    <Tag className={className} data-testid={testId}>
      {text()}
    </Tag>
  );
}
