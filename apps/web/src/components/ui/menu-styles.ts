// Shared look of the Radix menus (choice menus, account menu).
export const MENU_PANEL_CLASS =
  'z-50 min-w-48 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-xl shadow-zinc-900/10 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/40';

export const MENU_ITEM_CLASS =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-zinc-700 outline-none select-none data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-900 dark:text-zinc-300 dark:data-[highlighted]:bg-zinc-800 dark:data-[highlighted]:text-white';

/** The round avatar that opens the account menu. */
export const ACCOUNT_TRIGGER_CLASS =
  'flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-pink-500 text-sm font-semibold text-white uppercase shadow-sm';
