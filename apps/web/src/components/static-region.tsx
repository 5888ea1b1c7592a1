import { createElement, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { KEEP_SERVER_CONTENT, useKeptServerContent } from '../lib/use-hydrating.ts';

/**
 * A click on a plain link of this site, to follow inside the app as a router link would:
 * the main button, no modifier key, no other window or download, not a file the server serves
 * (`data-document`, React Router's reloadDocument) and not one its own handler took.
 */
function inAppHref(event: MouseEvent<HTMLElement>): string | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const link = (event.target as Element).closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link || !event.currentTarget.contains(link)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download') || link.hasAttribute('data-document')) {
    return null;
  }
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * A part of a server-rendered page that is only text and links (the footer, the home page's
 * tool cards): while the page hydrates, and after, as long as `inputs` are those it was
 * rendered with, it keeps the server's HTML and is not hydrated at all (ADR 0023) — on a phone,
 * hydrating it was most of the page's blocking time. Its links still navigate inside the app:
 * one click handler on the region follows them with the router. Once `inputs` change (the
 * language, the session) the region renders its children like any other part of the page.
 * Anywhere but over the server's HTML it is its children in the element, from the start.
 */
export function StaticRegion({
  as = 'div',
  className,
  inputs,
  children,
  ...attributes
}: {
  as?: 'div' | 'footer' | 'section' | 'ul';
  className?: string;
  /** What the children depend on besides constants: the language, whether signed in… */
  inputs: readonly unknown[];
  /**
   * The content, or a function that makes it: called only when the region renders it, so
   * content costly to make (many translated texts: the footer) costs nothing while kept.
   */
  children: ReactNode | (() => ReactNode);
  id?: string;
  'aria-labelledby'?: string;
}) {
  const navigate = useNavigate();
  const kept = useKeptServerContent(inputs);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const href = kept ? inAppHref(event) : null;
    if (href === null) return;
    event.preventDefault();
    // As a router link does: the page it is on is replaced, not stacked.
    const here = window.location.pathname + window.location.search + window.location.hash;
    navigate(href, { replace: href === here });
  };
  return kept
    ? createElement(as, { ...attributes, className, onClick, ...KEEP_SERVER_CONTENT })
    : createElement(as, { ...attributes, className }, typeof children === 'function' ? children() : children);
}
