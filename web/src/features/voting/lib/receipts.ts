// The receipts of secret votes live only on this device: the server cannot tell a voter what they voted
// (it does not know), so '(Tu voto)' reads them from here; so does a change of a secret vote, with the key
// that only the device that cast it received (the server keeps hashes of it, ADR 0033).
import { readStored, writeStored } from '@/lib/device-storage'

export interface SecretVote {
  optionId: string
  receipt: string
  /** The key to change it, when the poll allows changes. */
  key?: string
}

const key = (pollId: string, voter: string) => `vecinos.vote.${pollId}.${voter}`

export function rememberSecretVote(pollId: string, voter: string, vote: SecretVote): void {
  writeStored(localStorage, key(pollId, voter), vote)
}

export function secretVote(pollId: string, voter: string): SecretVote | undefined {
  const v = readStored(localStorage, key(pollId, voter)) as Partial<SecretVote> | null
  if (!v || typeof v.optionId !== 'string' || typeof v.receipt !== 'string') return undefined
  return typeof v.key === 'string' ? { optionId: v.optionId, receipt: v.receipt, key: v.key } : { optionId: v.optionId, receipt: v.receipt }
}
