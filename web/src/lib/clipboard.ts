import { toast } from '@/components/ui/toast'

/** Copies text and says how it went in a toast (the clipboard can be refused, e.g. without HTTPS). */
export async function copyToClipboard(text: string, messages: { copied: string; errorTitle: string; failed: string }) {
  try {
    await navigator.clipboard.writeText(text)
    toast.success(messages.copied, { duration: 2000 })
  } catch {
    toast.error(messages.errorTitle, { description: messages.failed })
  }
}
