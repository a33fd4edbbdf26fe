import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'

/**
 * How many of the caller's receipts are not fully paid, for 'Tienes 1 recibo pendiente'. It reads 'Mis
 * cuotas' under the money screens' key, so a payment recorded there refreshes it too.
 */
export function usePendingReceipts(enabled: boolean) {
  return useQuery({
    queryKey: ['money', 'mine'],
    queryFn: () => unwrap(api.GET('/api/v1/money/mine', { params: { query: {} } })),
    select: (mine) => (mine.receipts ?? []).filter((r) => r.status !== 'paid').length,
    enabled,
  })
}
