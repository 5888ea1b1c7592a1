/**
 * A `<script>` element that carries JSON as data, not code (a non-JavaScript type): the CSP has
 * nothing to allow. `<` is escaped so no text in it can close the element.
 */
export function jsonDataBlock(type: string, data: unknown, id?: string): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="${type}"${id ? ` id="${id}"` : ''}>${json}</script>`;
}
