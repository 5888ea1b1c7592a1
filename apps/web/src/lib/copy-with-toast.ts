import { notify } from './notify.ts';

export interface CopyMessages {
  copied: string;
  copiedDetail?: string;
  failed: string;
  failedDetail?: string;
}

/** Copies text and says so in a toast: the success or the failure message. */
export async function copyWithToast(text: string, messages: CopyMessages): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    void notify((toast) => toast.success(messages.copied, { description: messages.copiedDetail }));
  } catch {
    void notify((toast) => toast.error(messages.failed, { description: messages.failedDetail }));
  }
}
